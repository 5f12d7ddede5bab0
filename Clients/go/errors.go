package pushnormaliser

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Error is a JSON-RPC error reply of the server: Code (-32602, 1001, …), Message and Data (raw JSON, or nil).
//
// Each code of the server (components.errors of rpc-spec/openrpc.json) has a sentinel, so
// errors.Is(err, pushnormaliser.ErrUnknownFormat) tells them apart; errors.As(err, &e) gives the whole reply.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("pushnorm: %d: %s", e.Code, e.Message) }

// Is matches a sentinel of the same code (a sentinel has no message).
func (e *Error) Is(target error) bool {
	sentinel, ok := target.(*Error)
	return ok && sentinel.Message == "" && sentinel.Code == e.Code
}

// Diagnostics are data.diagnostics of the reply (nil when it has none).
func (e *Error) Diagnostics() []Diagnostic {
	var data struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	}
	_ = json.Unmarshal(e.Data, &data)
	return data.Diagnostics
}

// Lost is data.lost of a LossyConversion reply (nil otherwise).
func (e *Error) Lost() []LostField {
	var data struct {
		Lost []LostField `json:"lost"`
	}
	_ = json.Unmarshal(e.Data, &data)
	return data.Lost
}

// The server's error codes, as sentinels for errors.Is.
var (
	ErrParse               = &Error{Code: -32700} // the message is not JSON (or broken framing)
	ErrInvalidRequest      = &Error{Code: -32600} // not a request, an empty batch, a message over the size limit
	ErrMethodNotFound      = &Error{Code: -32601} // no such method
	ErrInvalidParams       = &Error{Code: -32602} // params of the wrong shape, bad options
	ErrInternal            = &Error{Code: -32603} // the server could not answer
	ErrUnknownFormat       = &Error{Code: 1001}   // a format name the server does not know
	ErrUnrecognisedPayload = &Error{Code: 1002}   // format auto recognised no format
	ErrPayloadRejected     = &Error{Code: 1003}   // the payload has errors (ConvertParams.AllowInvalid converts it)
	ErrLossyConversion     = &Error{Code: 1004}   // strict conversion would lose fields (Error.Lost)
	ErrInvalidPayloadJSON  = &Error{Code: 1005}   // a payload string that is not valid JSON
)

// ErrorCodes maps each code to its name in components.errors of rpc-spec/openrpc.json.
var ErrorCodes = map[int]string{
	-32700: "ParseError", -32600: "InvalidRequest", -32601: "MethodNotFound", -32602: "InvalidParams",
	-32603: "InternalError", 1001: "UnknownFormat", 1002: "UnrecognisedPayload", 1003: "PayloadRejected",
	1004: "LossyConversion", 1005: "InvalidPayloadJSON",
}

// ErrProcess is wrapped by every error of the server process itself: it could not start, it exited or was killed
// before answering, or the client is closed.
var ErrProcess = errors.New("pushnorm process")

// ErrTimeout is wrapped (with context.DeadlineExceeded) when a call got no reply within its timeout.
var ErrTimeout = errors.New("pushnorm: no reply in time")

func processError(format string, arguments ...any) error {
	return fmt.Errorf("%w: %s", ErrProcess, fmt.Sprintf(format, arguments...))
}
