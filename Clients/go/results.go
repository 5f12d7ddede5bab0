package pushnormaliser

import "encoding/json"

// The results of the server's methods; the JSON keys follow methods[].result of rpc-spec/openrpc.json (a test
// checks them). Payloads, notifications and catalogues stay raw JSON: unmarshal them into your own types.

// Diagnostic is one finding: Path is a JSON Pointer into the input (or the canonical model, or params).
type Diagnostic struct {
	Severity string `json:"severity"` // error, warning or info
	Code     string `json:"code"`
	Path     string `json:"path"`
	Message  string `json:"message"`
}

// LostField is a canonical field the target format cannot carry.
type LostField struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// NormaliseResult is normalise's result: Notification (Catalogue for hive-actions), the format read and why.
type NormaliseResult struct {
	Notification json.RawMessage `json:"notification,omitempty"`
	Catalogue    json.RawMessage `json:"catalogue,omitempty"`
	Format       string          `json:"format"`
	Evidence     []string        `json:"evidence"`
	Diagnostics  []Diagnostic    `json:"diagnostics"`
}

// ValidateResult is validate's result: Valid when no diagnostic is an error; Format is empty for a notification.
type ValidateResult struct {
	Valid       bool         `json:"valid"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Format      string       `json:"format,omitempty"`
}

// RenderResult is render's result: the payload, its APNs headers, its compact UTF-8 size, what was lost.
type RenderResult struct {
	Payload     json.RawMessage   `json:"payload"`
	Headers     map[string]string `json:"headers"`
	Size        int               `json:"size"`
	Lost        []LostField       `json:"lost"`
	Diagnostics []Diagnostic      `json:"diagnostics"`
}

// ConvertResult is convert's result: RenderResult's fields and From, the source format.
type ConvertResult struct {
	Payload     json.RawMessage   `json:"payload"`
	Headers     map[string]string `json:"headers"`
	Size        int               `json:"size"`
	From        string            `json:"from"`
	Lost        []LostField       `json:"lost"`
	Diagnostics []Diagnostic      `json:"diagnostics"`
}

// Format is one entry of formats; Kind is notification or catalogue (hive-actions).
type Format struct {
	Name      string   `json:"name"`
	Vendor    string   `json:"vendor"`
	Direction []string `json:"direction"`
	Delivered bool     `json:"delivered"`
	Summary   string   `json:"summary"`
	Carries   []string `json:"carries"`
	Kind      string   `json:"kind,omitempty"`
}
