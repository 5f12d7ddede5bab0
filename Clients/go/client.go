// Package pushnormaliser is a client for `pushnorm rpc`, the PushNormaliser JSON-RPC 2.0 server, over the child
// process's stdin and stdout (one JSON message per line). Standard library only.
//
// A Client runs one server and is safe for concurrent use: calls from many goroutines are pipelined and each
// reply goes to its caller by id. Every call has a timeout (the context's deadline, else Config.Timeout), so a
// hung server never blocks a caller forever; with Config.Restart a dead or hung server is replaced.
package pushnormaliser

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// DefaultTimeout is how long a call waits for its reply when neither its context nor Config.Timeout says.
const DefaultTimeout = 30 * time.Second

// CloseGrace is how long Close waits for the server to exit at end of input before killing it.
const CloseGrace = 5 * time.Second

// Config says how to run the server. The zero value runs $PUSHNORM (else pushnorm on PATH) with a 30 s timeout.
type Config struct {
	Executable string         // the binary; default $PUSHNORM, else pushnorm on PATH
	Args       []string       // extra `pushnorm rpc` options, e.g. {"--max-message-bytes", "4194304"}
	Options    map[string]any // default format options for every call; a call's Options override them per key
	Stderr     io.Writer      // where the server's log lines go; default os.Stderr
	Timeout    time.Duration  // per call when the context has no deadline: 0 means DefaultTimeout, < 0 no limit
	// Restart starts a new server when a call finds the current one dead (exited, crashed, killed) or hung (a call
	// timed out, which kills it). Calls in flight when it died still fail with ErrProcess; they are not resent.
	Restart bool
}

// FindExecutable is the pushnorm to run: executable, else $PUSHNORM, else pushnorm on PATH.
func FindExecutable(executable string) (string, error) {
	if executable != "" {
		return executable, nil
	}
	if fromEnvironment := os.Getenv("PUSHNORM"); fromEnvironment != "" {
		return fromEnvironment, nil
	}
	found, err := exec.LookPath("pushnorm")
	if err != nil {
		return "", processError("pushnorm not found: set Config.Executable or $PUSHNORM, or put pushnorm on PATH")
	}
	return found, nil
}

// Client is one `pushnorm rpc` child process (replaced when it dies, with Config.Restart).
type Client struct {
	config     Config
	executable string

	mu       sync.Mutex
	server   *server
	nextID   int64
	closed   bool
	restarts int
}

// New starts a server.
func New(config Config) (*Client, error) {
	executable, err := FindExecutable(config.Executable)
	if err != nil {
		return nil, err
	}
	client := &Client{config: config, executable: executable}
	if client.server, err = startServer(executable, config); err != nil {
		return nil, err
	}
	return client, nil
}

// Executable is the binary the client runs.
func (c *Client) Executable() string { return c.executable }

// PID is the process id of the current server.
func (c *Client) PID() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.server.cmd.Process.Pid
}

// Restarts counts the servers started to replace a dead or hung one.
func (c *Client) Restarts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.restarts
}

// Close ends the server's input and waits for it to exit, killing it after CloseGrace. It returns nil when the
// server exited with status 0, else the *exec.ExitError. Later calls fail with ErrProcess.
func (c *Client) Close() error { return c.CloseWithin(CloseGrace) }

// CloseWithin is Close with another grace period.
func (c *Client) CloseWithin(grace time.Duration) error {
	c.mu.Lock()
	c.closed = true
	server := c.server
	c.mu.Unlock()
	return server.stop(grace)
}

// MARK: - Methods

// NormaliseParams are normalise's optional params: Format (default "auto"), Options and Substitutions (renders the
// notification's templates, as Convert does).
type NormaliseParams struct {
	Format        string
	Options       map[string]any
	Substitutions Substitutions
}

// Normalise reads a vendor payload (a map, a struct, json.RawMessage, or a string holding JSON) into the
// canonical notification.
func (c *Client) Normalise(ctx context.Context, payload any, params NormaliseParams) (*NormaliseResult, error) {
	format := params.Format
	if format == "" {
		format = "auto"
	}
	request := withSubstitutions(map[string]any{"payload": payload, "format": format}, params.Substitutions)
	var result NormaliseResult
	return resultOrNil(&result, c.Call(ctx, "normalise", c.withOptions(request, params.Options), &result))
}

// ValidateParams are validate's params: one of Payload, Notification or Catalogue; Format of the payload;
// Target also checks what rendering it in that format would give; Substitutions renders the templates first and
// checks the rendered values (a URL a variable fills in is checked as a URL).
type ValidateParams struct {
	Payload       any
	Notification  any
	Catalogue     any
	Format        string
	Target        string
	Options       map[string]any
	Substitutions Substitutions
}

// Validate checks a payload, a canonical notification or a Hive action catalogue.
func (c *Client) Validate(ctx context.Context, params ValidateParams) (*ValidateResult, error) {
	request := map[string]any{}
	for key, value := range map[string]any{
		"payload": params.Payload, "notification": params.Notification, "catalogue": params.Catalogue,
	} {
		if value != nil {
			request[key] = value
		}
	}
	for key, value := range map[string]string{"format": params.Format, "target": params.Target} {
		if value != "" {
			request[key] = value
		}
	}
	request = withSubstitutions(request, params.Substitutions)
	var result ValidateResult
	return resultOrNil(&result, c.Call(ctx, "validate", c.withOptions(request, params.Options), &result))
}

// RenderParams are render's params: the Format to render, and a Notification (or a Catalogue for hive-actions);
// Substitutions renders the notification's templates first.
type RenderParams struct {
	Format        string
	Notification  any
	Catalogue     any
	Options       map[string]any
	Substitutions Substitutions
}

// Render writes a canonical notification (or an action catalogue) in a format.
func (c *Client) Render(ctx context.Context, params RenderParams) (*RenderResult, error) {
	request := map[string]any{"format": params.Format}
	if params.Notification != nil {
		request["notification"] = params.Notification
	}
	if params.Catalogue != nil {
		request["catalogue"] = params.Catalogue
	}
	request = withSubstitutions(request, params.Substitutions)
	var result RenderResult
	return resultOrNil(&result, c.Call(ctx, "render", c.withOptions(request, params.Options), &result))
}

// ConvertParams are convert's params: To (required), From (default "auto"), Strict (refuse a lossy conversion:
// ErrLossyConversion), AllowInvalid (convert a payload with errors instead of refusing it: ErrPayloadRejected),
// Options, Substitutions.
type ConvertParams struct {
	From         string
	To           string
	Strict       bool
	AllowInvalid bool
	Options      map[string]any
	// Substitutions renders templates: each {{…}} variable gets its value (over a Pinpoint template's
	// DefaultSubstitutions); what stays verbatim is reported in Diagnostics (core.template.unrendered,
	// core.template.helper-kept). Nil: nothing is rendered; an empty map renders with the template's defaults
	// alone. A bad entry is ErrInvalidParams, located under /substitutions.
	Substitutions Substitutions
}

// Substitutions are template variable values (Substitutions of rpc-spec/openrpc.json): a variable name (dotted,
// "User.UserAttributes.FirstName", or nested maps) to a []string (the first is used unless the placeholder names
// .[n]) or a string.
type Substitutions map[string]any

// Convert reads a payload in one format and renders it in another, reporting what was lost.
func (c *Client) Convert(ctx context.Context, payload any, params ConvertParams) (*ConvertResult, error) {
	request, err := c.convertRequest(payload, params)
	if err != nil {
		return nil, err
	}
	var result ConvertResult
	return resultOrNil(&result, c.Call(ctx, "convert", request, &result))
}

// ConvertMessages converts like Convert and returns every message the target sends, in order: one per recipient
// (or chunk of recipients) when the target takes fewer than the payload names (a legacy registration_ids converted
// to fcm, device tokens converted to apns), each with its Recipient; else a list of one.
func (c *Client) ConvertMessages(ctx context.Context, payload any, params ConvertParams) ([]ConvertResult, error) {
	request, err := c.convertRequest(payload, params)
	if err != nil {
		return nil, err
	}
	var reply struct {
		ConvertResult
		Messages []ConvertResult `json:"messages"`
	}
	if err := c.Call(ctx, "convert", request, &reply); err != nil {
		return nil, err
	}
	if reply.Messages != nil && reply.Payload == nil {
		return reply.Messages, nil
	}
	return []ConvertResult{reply.ConvertResult}, nil
}

// ConvertOutcome is one record of ConvertMany: its result, or its error.
type ConvertOutcome struct {
	Result *ConvertResult
	Err    error
}

// ConvertMany converts every payload with at most maxInFlight requests outstanding (64 when < 1); the outcomes
// are in input order, a failed record's error in its outcome (one bad record does not end the run).
func (c *Client) ConvertMany(ctx context.Context, payloads []any, params ConvertParams, maxInFlight int) []ConvertOutcome {
	if maxInFlight < 1 {
		maxInFlight = 64
	}
	outcomes := make([]ConvertOutcome, len(payloads))
	slots := make(chan struct{}, maxInFlight)
	var group sync.WaitGroup
	for index, payload := range payloads {
		slots <- struct{}{}
		group.Add(1)
		go func(index int, payload any) {
			defer func() { <-slots; group.Done() }()
			result, err := c.Convert(ctx, payload, params)
			outcomes[index] = ConvertOutcome{Result: result, Err: err}
		}(index, payload)
	}
	group.Wait()
	return outcomes
}

// Variables lists the {{…}} placeholders of a payload or template (any JSON document) in document order, each
// with the JSON Pointer of the string holding it and the variable it names, then each variable name once.
func (c *Client) Variables(ctx context.Context, payload any) (*VariablesResult, error) {
	var result VariablesResult
	return resultOrNil(&result, c.Call(ctx, "variables", map[string]any{"payload": payload}, &result))
}

// Report renders the HTML migration report of a batch summary (the JSON `pushnorm convert --summary` and the Spark
// job's summary.json write): one self-contained page and its size. A summary that is not one is ErrInvalidParams,
// located under /summary. Takes no options.
func (c *Client) Report(ctx context.Context, summary any) (*ReportResult, error) {
	var result ReportResult
	return resultOrNil(&result, c.Call(ctx, "report", map[string]any{"summary": summary}, &result))
}

// Formats lists every format the server knows.
func (c *Client) Formats(ctx context.Context) ([]Format, error) {
	var formats []Format
	if err := c.Call(ctx, "formats", nil, &formats); err != nil {
		return nil, err
	}
	return formats, nil
}

// Discover is rpc.discover: the OpenRPC document (self-contained).
func (c *Client) Discover(ctx context.Context) (map[string]any, error) {
	var document map[string]any
	if err := c.Call(ctx, "rpc.discover", nil, &document); err != nil {
		return nil, err
	}
	return document, nil
}

// Call sends any method with params (nil, or a value that marshals to a JSON object) and unmarshals the result
// into result (nil: dropped). An error reply is an *Error (errors.Is with its sentinel); no reply in time wraps
// ErrTimeout and context.DeadlineExceeded; a dead server wraps ErrProcess.
func (c *Client) Call(ctx context.Context, method string, params any, result any) error {
	ctx, cancel := c.deadline(ctx)
	defer cancel()
	server, id, err := c.liveServer()
	if err != nil {
		return err
	}
	message := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		message["params"] = params
	}
	line, err := json.Marshal(message)
	if err != nil {
		return fmt.Errorf("pushnorm: %s: params: %w", method, err)
	}
	replies := make(chan reply, 1)
	if err := server.register(id, replies); err != nil {
		return err
	}
	select {
	case server.outbox <- append(line, '\n'):
	case <-ctx.Done():
		return c.abandon(server, id, method, ctx.Err())
	case <-server.done:
		return server.failure()
	}
	select {
	case answer := <-replies:
		if answer.err != nil {
			return answer.err
		}
		if answer.Error != nil {
			return answer.Error
		}
		if result == nil {
			return nil
		}
		if err := json.Unmarshal(answer.Result, result); err != nil {
			return fmt.Errorf("pushnorm: %s: result: %w", method, err)
		}
		return nil
	case <-ctx.Done():
		return c.abandon(server, id, method, ctx.Err())
	}
}

// MARK: - Plumbing

type timeoutError struct {
	method string
	cause  error
}

func (e *timeoutError) Error() string {
	return fmt.Sprintf("pushnorm: %s: no reply in time (%v)", e.method, e.cause)
}
func (e *timeoutError) Unwrap() error        { return e.cause }
func (e *timeoutError) Is(target error) bool { return target == ErrTimeout }

func (c *Client) abandon(server *server, id int64, method string, cause error) error {
	server.forget(id)
	if !errors.Is(cause, context.DeadlineExceeded) {
		return cause
	}
	if c.config.Restart {
		server.kill() // hung: the next call starts a new server
	}
	return &timeoutError{method: method, cause: cause}
}

func (c *Client) deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, has := ctx.Deadline(); has || c.config.Timeout < 0 {
		return context.WithCancel(ctx)
	}
	timeout := c.config.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	return context.WithTimeout(ctx, timeout)
}

func (c *Client) liveServer() (*server, int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, 0, processError("the client is closed")
	}
	c.nextID++
	if c.server.alive() {
		return c.server, c.nextID, nil
	}
	if !c.config.Restart {
		return nil, 0, c.server.failure()
	}
	c.server.kill()
	replacement, err := startServer(c.executable, c.config)
	if err != nil {
		return nil, 0, err
	}
	c.server = replacement
	c.restarts++
	return replacement, c.nextID, nil
}

func (c *Client) withOptions(params map[string]any, options map[string]any) map[string]any {
	merged := map[string]any{}
	for key, value := range c.config.Options {
		merged[key] = value
	}
	for key, value := range options {
		merged[key] = value
	}
	if len(merged) > 0 {
		params["options"] = merged
	}
	return params
}

func (c *Client) convertRequest(payload any, params ConvertParams) (map[string]any, error) {
	if params.To == "" {
		return nil, errors.New("pushnorm: convert needs ConvertParams.To (the target format)")
	}
	from := params.From
	if from == "" {
		from = "auto"
	}
	request := map[string]any{"payload": payload, "from": from, "to": params.To}
	if params.Strict {
		request["strict"] = true
	}
	if params.AllowInvalid {
		request["allowInvalid"] = true
	}
	return c.withOptions(withSubstitutions(request, params.Substitutions), params.Options), nil
}

// withSubstitutions adds substitutions to a request when given (normalise, validate, render and convert take them).
func withSubstitutions(request map[string]any, substitutions Substitutions) map[string]any {
	if substitutions != nil {
		request["substitutions"] = substitutions
	}
	return request
}

func resultOrNil[T any](result *T, err error) (*T, error) {
	if err != nil {
		return nil, err
	}
	return result, nil
}

type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *Error          `json:"error"`
	err    error
}

// server is one child process, its reader and writer goroutines, and the calls waiting on it.
type server struct {
	cmd      *exec.Cmd
	stdin    io.WriteCloser
	outbox   chan []byte
	endInput chan struct{}
	endOnce  sync.Once
	done     chan struct{} // closed once the process exited and every waiting call was failed
	waitErr  error         // the exit (nil: status 0), set before done is closed

	mu      sync.Mutex
	pending map[int64]chan reply
	failed  error
}

func startServer(executable string, config Config) (*server, error) {
	cmd := exec.Command(executable, append([]string{"rpc"}, config.Args...)...)
	cmd.Stderr = config.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = os.Stderr
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, processError("cannot start %s: %v", executable, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, processError("cannot start %s: %v", executable, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, processError("cannot start %s: %v", executable, err)
	}
	s := &server{
		cmd: cmd, stdin: stdin, outbox: make(chan []byte, 256), endInput: make(chan struct{}),
		done: make(chan struct{}), pending: map[int64]chan reply{},
	}
	go s.write()
	go s.read(stdout)
	return s, nil
}

func (s *server) alive() bool {
	select {
	case <-s.done:
		return false
	default:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed == nil
}

func (s *server) failure() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed == nil {
		return processError("pushnorm exited before replying")
	}
	return s.failed
}

func (s *server) register(id int64, replies chan reply) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed != nil {
		return s.failed
	}
	s.pending[id] = replies
	return nil
}

func (s *server) forget(id int64) {
	s.mu.Lock()
	delete(s.pending, id)
	s.mu.Unlock()
}

func (s *server) fail(err error) {
	s.mu.Lock()
	if s.failed == nil {
		s.failed = err
	}
	waiting := s.pending
	s.pending = map[int64]chan reply{}
	failure := s.failed
	s.mu.Unlock()
	for _, replies := range waiting {
		replies <- reply{err: failure}
	}
}

func (s *server) kill() {
	s.fail(processError("the server was stopped"))
	_ = s.cmd.Process.Kill()
}

func (s *server) stop(grace time.Duration) error {
	s.endOnce.Do(func() { close(s.endInput) })
	select {
	case <-s.done:
	case <-time.After(grace):
		s.kill()
		<-s.done
	}
	return s.waitErr
}

func (s *server) write() {
	for {
		select {
		case line := <-s.outbox:
			if _, err := s.stdin.Write(line); err != nil {
				s.fail(processError("the server is gone: %v", err))
				return
			}
		case <-s.endInput:
			_ = s.stdin.Close()
			return
		case <-s.done:
			return
		}
	}
}

func (s *server) read(stdout io.Reader) {
	lines := bufio.NewReaderSize(stdout, 1<<16)
	for {
		line, err := lines.ReadBytes('\n')
		s.dispatch(line)
		if err != nil {
			break
		}
	}
	s.waitErr = s.cmd.Wait()
	s.fail(processError("pushnorm exited (%v) before replying", exitDescription(s.waitErr)))
	close(s.done)
}

func (s *server) dispatch(line []byte) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return
	}
	var items []reply
	if line[0] == '[' {
		if json.Unmarshal(line, &items) != nil {
			return
		}
	} else {
		var item reply
		if json.Unmarshal(line, &item) != nil {
			return
		}
		items = []reply{item}
	}
	for _, item := range items {
		var id int64
		if json.Unmarshal(item.ID, &id) != nil {
			continue
		}
		s.mu.Lock()
		replies, found := s.pending[id]
		delete(s.pending, id)
		s.mu.Unlock()
		if found {
			replies <- item
		}
	}
}

func exitDescription(err error) string {
	if err == nil {
		return "status 0"
	}
	return err.Error()
}
