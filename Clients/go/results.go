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

// ConvertResult is convert's result: RenderResult's fields and From, the source format, and Recipient when the
// message is labelled (one of several, or an APNs payload whose device token goes beside it). Convert of a payload
// that becomes several messages (one per recipient) is ConvertMessagesResult: ConvertMessages gives the list.
type ConvertResult struct {
	Payload     json.RawMessage   `json:"payload"`
	Headers     map[string]string `json:"headers"`
	Size        int               `json:"size"`
	From        string            `json:"from"`
	Lost        []LostField       `json:"lost"`
	Diagnostics []Diagnostic      `json:"diagnostics"`
	Recipient   *Recipient        `json:"recipient,omitempty"`
}

// Recipient says which recipients one of a conversion's messages goes to: Label is "recipient 2 of 3",
// "recipients 1001-2000 of 2500" or a source's label; DeviceToken is set when the payload cannot name it (APNs).
type Recipient struct {
	Index       int    `json:"index"`
	Count       int    `json:"count"`
	Label       string `json:"label"`
	DeviceToken string `json:"deviceToken,omitempty"`
}

// ConvertMessagesResult is convert's reply for a payload that becomes several messages: each, in order.
type ConvertMessagesResult struct {
	From     string          `json:"from"`
	Messages []ConvertResult `json:"messages"`
}

// TemplateVariable is one {{…}} placeholder: Path is the JSON Pointer of the string holding it, Placeholder is
// written braces included, Variable the variable it names (empty for a Handlebars helper, block, partial or
// comment, which rendering keeps verbatim).
type TemplateVariable struct {
	Path        string `json:"path"`
	Placeholder string `json:"placeholder"`
	Variable    string `json:"variable,omitempty"`
}

// VariablesResult is variables' result: every placeholder in document order, then each variable name once, in
// order of first use.
type VariablesResult struct {
	Variables []TemplateVariable `json:"variables"`
	Names     []string           `json:"names"`
}

// ReportResult is report's result: the HTML migration report (one self-contained page) and its size in UTF-8 bytes.
type ReportResult struct {
	HTML string `json:"html"`
	Size int    `json:"size"`
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
