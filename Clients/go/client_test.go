package pushnormaliser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

var invalid = map[string]any{"aps": map[string]any{"alert": "bad", "badge": "seven"}}

func executable(t *testing.T) string {
	t.Helper()
	path := os.Getenv("PUSHNORM")
	if path == "" {
		path, _ = filepath.Abs("../../.build/debug/pushnorm")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("%s is not built: swift build --product pushnorm, or set PUSHNORM", path)
	}
	return path
}

func start(t *testing.T, config Config) *Client {
	t.Helper()
	if config.Executable == "" {
		config.Executable = executable(t)
	}
	client, err := New(config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = client.CloseWithin(time.Second) })
	return client
}

func openRPC(t *testing.T) map[string]any {
	t.Helper()
	text, err := os.ReadFile("../../rpc-spec/openrpc.json")
	if err != nil {
		t.Fatal(err)
	}
	var document map[string]any
	if err := json.Unmarshal(text, &document); err != nil {
		t.Fatal(err)
	}
	return document
}

func TestConvertReturnsThePayloadAndTheLossReport(t *testing.T) {
	client := start(t, Config{Options: map[string]any{"amazonMediaPlacement": "data"}})
	zego := map[string]any{"aps": map[string]any{"alert": "hi"}, "payload": `{"image_attachment": "https://x.example/a.jpg"}`}
	result, err := client.Convert(context.Background(), zego, ConvertParams{From: "zego", To: "amazon"})
	if err != nil {
		t.Fatal(err)
	}
	var payload struct {
		Data map[string]string `json:"data"`
	}
	if err := json.Unmarshal(result.Payload, &payload); err != nil || payload.Data["attachment-url"] != "https://x.example/a.jpg" {
		t.Fatalf("payload %s (%v)", result.Payload, err)
	}
	if result.From != "zego" || len(result.Lost) != 0 || result.Size != len(result.Payload) {
		t.Fatalf("%+v", result)
	}
	top, err := client.Convert(context.Background(), zego, ConvertParams{
		From: "zego", To: "amazon", Options: map[string]any{"amazonMediaPlacement": "top"},
	})
	if err != nil || !strings.Contains(string(top.Payload), `"attachment-url":"https://x.example/a.jpg"`) {
		t.Fatalf("%v %s", err, top.Payload)
	}
	fromString, err := client.Convert(context.Background(), `{"aps":{"alert":"s"}}`, ConvertParams{To: "hive"})
	if err != nil || fromString.From != "apns" {
		t.Fatalf("%v %+v", err, fromString)
	}
}

func TestAllowInvalidConvertsAPayloadThatIsRefusedWithoutIt(t *testing.T) {
	client := start(t, Config{})
	_, err := client.Convert(context.Background(), invalid, ConvertParams{To: "amazon"})
	var rejected *Error
	if !errors.Is(err, ErrPayloadRejected) || !errors.As(err, &rejected) || rejected.Diagnostics()[0].Code != "apns.badge.not-integer" {
		t.Fatalf("%v", err)
	}
	result, err := client.Convert(context.Background(), invalid, ConvertParams{To: "amazon", AllowInvalid: true})
	if err != nil || !strings.Contains(string(result.Payload), `"badge":"seven"`) || result.Diagnostics[0].Severity != "error" {
		t.Fatalf("%v %+v", err, result)
	}
}

func TestEachErrorCodeMatchesItsSentinel(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	offline := map[string]any{"OfflinePush": map[string]any{"Title": "t", "Content": "c", "ResourcesID": "r"}}
	cases := []struct {
		call     func() error
		sentinel *Error
	}{
		{func() error { _, e := client.Convert(ctx, invalid, ConvertParams{To: "carrier-pigeon"}); return e }, ErrUnknownFormat},
		{func() error { _, e := client.Normalise(ctx, map[string]any{"neither": 1}, NormaliseParams{}); return e }, ErrUnrecognisedPayload},
		{func() error { _, e := client.Convert(ctx, invalid, ConvertParams{To: "amazon"}); return e }, ErrPayloadRejected},
		{func() error {
			_, e := client.Convert(ctx, offline, ConvertParams{From: "zego-offline-push", To: "hive", Strict: true})
			return e
		}, ErrLossyConversion},
		{func() error { _, e := client.Convert(ctx, `{"aps": `, ConvertParams{To: "amazon"}); return e }, ErrInvalidPayloadJSON},
		{func() error {
			_, e := client.Convert(ctx, invalid, ConvertParams{To: "amazon", Options: map[string]any{"noSuchOption": 1}})
			return e
		}, ErrInvalidParams},
		{func() error { return client.Call(ctx, "no.such.method", nil, nil) }, ErrMethodNotFound},
	}
	for _, test := range cases {
		err := test.call()
		if !errors.Is(err, test.sentinel) {
			t.Errorf("%v is not %d", err, test.sentinel.Code)
		}
		for _, other := range []*Error{ErrUnknownFormat, ErrPayloadRejected, ErrParse} {
			if other != test.sentinel && errors.Is(err, other) {
				t.Errorf("%v matches %d too", err, other.Code)
			}
		}
	}
	_, err := client.Convert(ctx, offline, ConvertParams{From: "zego-offline-push", To: "hive", Strict: true})
	var lossy *Error
	if !errors.As(err, &lossy) || len(lossy.Lost()) == 0 {
		t.Fatalf("%v", err)
	}
}

func TestTheErrorCodesAreTheSpecsErrors(t *testing.T) {
	declared := map[int]string{}
	for name, entry := range openRPC(t)["components"].(map[string]any)["errors"].(map[string]any) {
		declared[int(entry.(map[string]any)["code"].(float64))] = name
	}
	if !reflect.DeepEqual(declared, ErrorCodes) {
		t.Fatalf("spec %v, client %v", declared, ErrorCodes)
	}
	sentinels := []*Error{ErrParse, ErrInvalidRequest, ErrMethodNotFound, ErrInvalidParams, ErrInternal, ErrUnknownFormat,
		ErrUnrecognisedPayload, ErrPayloadRejected, ErrLossyConversion, ErrInvalidPayloadJSON}
	if len(sentinels) != len(declared) {
		t.Fatalf("%d sentinels for %d codes", len(sentinels), len(declared))
	}
	for _, sentinel := range sentinels {
		if _, found := declared[sentinel.Code]; !found {
			t.Errorf("sentinel %d is not in the spec", sentinel.Code)
		}
	}
}

func jsonKeys(value any) (required, optional []string) {
	kind := reflect.TypeOf(value)
	for index := 0; index < kind.NumField(); index++ {
		tag := strings.Split(kind.Field(index).Tag.Get("json"), ",")
		if len(tag) > 1 && tag[1] == "omitempty" {
			optional = append(optional, tag[0])
		} else {
			required = append(required, tag[0])
		}
	}
	sort.Strings(required)
	sort.Strings(optional)
	return required, optional
}

func TestTheResultTypesHaveTheSpecsKeys(t *testing.T) {
	document := openRPC(t)
	schemas := document["components"].(map[string]any)["schemas"].(map[string]any)
	results := map[string]any{}
	for _, method := range document["methods"].([]any) {
		entry := method.(map[string]any)
		results[entry["name"].(string)] = entry["result"].(map[string]any)["schema"]
	}
	for _, pair := range []struct {
		schema any
		value  any
	}{
		{results["normalise"], NormaliseResult{}}, {results["validate"], ValidateResult{}}, {results["render"], RenderResult{}},
		{schemas["ConvertedMessage"], ConvertResult{}}, {schemas["Diagnostic"], Diagnostic{}}, {schemas["LostField"], LostField{}},
		{schemas["Format"], Format{}}, {schemas["Recipient"], Recipient{}},
		{results["convert"].(map[string]any)["oneOf"].([]any)[1], ConvertMessagesResult{}},
		{results["variables"], VariablesResult{}}, {results["report"], ReportResult{}},
		{results["variables"].(map[string]any)["properties"].(map[string]any)["variables"].(map[string]any)["items"], TemplateVariable{}},
	} {
		spec, value := pair.schema.(map[string]any), pair.value
		var wantRequired, wantOptional []string
		isRequired := map[string]bool{}
		for _, key := range spec["required"].([]any) {
			isRequired[key.(string)] = true
		}
		for key := range spec["properties"].(map[string]any) {
			if isRequired[key] {
				wantRequired = append(wantRequired, key)
			} else {
				wantOptional = append(wantOptional, key)
			}
		}
		sort.Strings(wantRequired)
		sort.Strings(wantOptional)
		required, optional := jsonKeys(value)
		if !reflect.DeepEqual(required, wantRequired) || !reflect.DeepEqual(optional, wantOptional) {
			t.Errorf("%T: %v / %v, spec %v / %v", value, required, optional, wantRequired, wantOptional)
		}
	}
}

func TestNormaliseValidateRenderFormatsDiscover(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	normalised, err := client.Normalise(ctx, map[string]any{"aps": map[string]any{"alert": map[string]any{"title": "T"}, "badge": 2}}, NormaliseParams{})
	if err != nil || normalised.Format != "apns" {
		t.Fatalf("%v %+v", err, normalised)
	}
	rendered, err := client.Render(ctx, RenderParams{Format: "apns", Notification: normalised.Notification})
	if err != nil || !strings.Contains(string(rendered.Payload), `"badge":2`) {
		t.Fatalf("%v %+v", err, rendered)
	}
	badge := map[string]any{"aps": map[string]any{"alert": "x", "badge": 1}}
	report, err := client.Validate(ctx, ValidateParams{Payload: badge, Target: "zego-offline-push"})
	if err != nil || report.Format != "apns" || len(report.Diagnostics) != 1 || report.Diagnostics[0].Path != "/aps/badge" {
		t.Fatalf("%v %+v", err, report)
	}
	catalogue := map[string]any{"actions": []any{}, "custom": 1}
	checked, err := client.Validate(ctx, ValidateParams{Catalogue: catalogue})
	if err != nil || checked.Valid || checked.Diagnostics[0].Path != "/actions" {
		t.Fatalf("%v %+v", err, checked)
	}
	renderedCatalogue, err := client.Render(ctx, RenderParams{Format: "hive-actions", Catalogue: catalogue})
	if err != nil || !strings.Contains(string(renderedCatalogue.Payload), `"custom":1`) {
		t.Fatalf("%v %+v", err, renderedCatalogue)
	}
	sandbox, err := client.Convert(ctx, map[string]any{"aps": map[string]any{"alert": "x"}}, ConvertParams{
		To: "sns", Options: map[string]any{"snsPlatform": "APNS_SANDBOX"},
	})
	if err != nil || !strings.Contains(string(sandbox.Payload), `"APNS_SANDBOX"`) {
		t.Fatalf("%v %+v", err, sandbox)
	}
	formats, err := client.Formats(ctx)
	if err != nil || formats[len(formats)-1].Kind != "catalogue" {
		t.Fatalf("%v %+v", err, formats)
	}
	document, err := client.Discover(ctx)
	if err != nil || document["info"].(map[string]any)["version"] != Version {
		t.Fatalf("%v %v", err, document["info"])
	}
}

func TestConvertManyKeepsOrderAndCarriesEachError(t *testing.T) {
	client := start(t, Config{})
	payloads := make([]any, 300)
	for index := range payloads {
		payloads[index] = map[string]any{"aps": map[string]any{"alert": "m", "badge": index}}
	}
	payloads[7] = invalid
	outcomes := client.ConvertMany(context.Background(), payloads, ConvertParams{From: "apns", To: "amazon"}, 16)
	for index, outcome := range outcomes {
		if index == 7 {
			if !errors.Is(outcome.Err, ErrPayloadRejected) {
				t.Fatalf("7: %v", outcome.Err)
			}
			continue
		}
		var payload struct {
			APS struct {
				Badge int `json:"badge"`
			} `json:"aps"`
		}
		if outcome.Err != nil || json.Unmarshal(outcome.Result.Payload, &payload) != nil || payload.APS.Badge != index {
			t.Fatalf("%d: %v %+v", index, outcome.Err, outcome.Result)
		}
	}
}

func TestAHungServerTimesOutAndCloseKillsIt(t *testing.T) {
	client := start(t, Config{Stderr: nil})
	if _, err := client.Formats(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(client.PID(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	started := time.Now()
	_, err := client.Convert(ctx, invalid, ConvertParams{To: "amazon"})
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) || time.Since(started) > 5*time.Second {
		t.Fatalf("%v after %v", err, time.Since(started))
	}
	started = time.Now()
	var exit *exec.ExitError
	if err := client.CloseWithin(300 * time.Millisecond); !errors.As(err, &exit) || time.Since(started) > 5*time.Second {
		t.Fatalf("close: %v", err)
	}
	if _, err := client.Formats(context.Background()); !errors.Is(err, ErrProcess) {
		t.Fatalf("after close: %v", err)
	}
}

func TestTheClientsTimeoutAppliesWhenTheContextHasNoDeadline(t *testing.T) {
	silent := filepath.Join(t.TempDir(), "pushnorm")
	if err := os.WriteFile(silent, []byte("#!/bin/sh\nwhile read -r line; do :; done\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	client := start(t, Config{Executable: silent, Timeout: 200 * time.Millisecond})
	if _, err := client.Formats(context.Background()); !errors.Is(err, ErrTimeout) {
		t.Fatalf("%v", err)
	}
}

func TestWithoutRestartADeadServerFailsEveryCall(t *testing.T) {
	client := start(t, Config{})
	_ = syscall.Kill(client.PID(), syscall.SIGKILL)
	<-client.server.done
	for range [2]int{} {
		if _, err := client.Formats(context.Background()); !errors.Is(err, ErrProcess) {
			t.Fatalf("%v", err)
		}
	}
}

func TestRestartAfterACrashAndAfterAHang(t *testing.T) {
	client := start(t, Config{Restart: true})
	ctx := context.Background()
	first := client.PID()
	_ = syscall.Kill(first, syscall.SIGSTOP)
	inFlight := make(chan error, 1)
	go func() { _, err := client.Formats(ctx); inFlight <- err }()
	time.Sleep(100 * time.Millisecond)
	_ = syscall.Kill(first, syscall.SIGKILL)
	if err := <-inFlight; !errors.Is(err, ErrProcess) {
		t.Fatalf("in flight: %v", err)
	}
	<-client.server.done
	if _, err := client.Convert(ctx, map[string]any{"aps": map[string]any{"alert": "y"}}, ConvertParams{To: "amazon"}); err != nil {
		t.Fatal(err)
	}
	if client.Restarts() != 1 || client.PID() == first {
		t.Fatalf("restarts %d, pid %d", client.Restarts(), client.PID())
	}
	_ = syscall.Kill(client.PID(), syscall.SIGSTOP)
	short, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if _, err := client.Formats(short); !errors.Is(err, ErrTimeout) {
		t.Fatalf("%v", err)
	}
	if _, err := client.Formats(ctx); err != nil || client.Restarts() != 2 {
		t.Fatalf("%v, restarts %d", err, client.Restarts())
	}
}

func TestTheVersionIsRPCSpecVersion(t *testing.T) {
	text, err := os.ReadFile("../../rpc-spec/VERSION")
	if err != nil || strings.TrimSpace(string(text)) != Version {
		t.Fatalf("rpc-spec/VERSION %q, Version %q (%v)", text, Version, err)
	}
	printed, err := exec.Command(executable(t), "--version").Output()
	if err != nil || string(printed) != "pushnorm "+Version+"\n" {
		t.Fatalf("%q %v", printed, err)
	}
}

func TestFindExecutable(t *testing.T) {
	directory := filepath.Dir(executable(t)) // before $PUSHNORM is changed below
	t.Setenv("PUSHNORM", "/from/env/pushnorm")
	if found, _ := FindExecutable("/explicit"); found != "/explicit" {
		t.Fatal(found)
	}
	if found, _ := FindExecutable(""); found != "/from/env/pushnorm" {
		t.Fatal(found)
	}
	t.Setenv("PUSHNORM", "")
	t.Setenv("PATH", directory)
	if found, _ := FindExecutable(""); found != filepath.Join(directory, "pushnorm") {
		t.Fatal(found)
	}
	t.Setenv("PATH", "/nonexistent")
	if _, err := FindExecutable(""); !errors.Is(err, ErrProcess) {
		t.Fatal(err)
	}
}

func TestConvertMessagesListsOneMessagePerToken(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	legacy := map[string]any{"registration_ids": []string{"token-1", "token-2", "token-3"}, "notification": map[string]any{"title": "Sale"}}
	messages, err := client.ConvertMessages(ctx, legacy, ConvertParams{From: "fcm-legacy", To: "fcm"})
	if err != nil {
		t.Fatal(err)
	}
	if len(messages) != 3 {
		t.Fatalf("%d messages", len(messages))
	}
	for index, message := range messages {
		var payload struct {
			Token string `json:"token"`
		}
		if err := json.Unmarshal(message.Payload, &payload); err != nil || payload.Token != fmt.Sprintf("token-%d", index+1) {
			t.Errorf("message %d: %s (%v)", index+1, message.Payload, err)
		}
		want := Recipient{Index: index + 1, Count: 3, Label: fmt.Sprintf("recipient %d of 3", index+1)}
		if message.Recipient == nil || *message.Recipient != want || len(message.Lost) != 0 || message.From != "fcm-legacy" {
			t.Errorf("message %d: %+v %v", index+1, message.Recipient, message.Lost)
		}
	}
	apns, err := client.ConvertMessages(ctx, legacy, ConvertParams{From: "fcm-legacy", To: "apns"})
	if err != nil || len(apns) != 3 || apns[2].Recipient == nil || apns[2].Recipient.DeviceToken != "token-3" {
		t.Fatalf("apns: %+v (%v)", apns, err)
	}
	together, err := client.ConvertMessages(ctx, legacy, ConvertParams{From: "fcm-legacy", To: "fcm-legacy"})
	if err != nil || len(together) != 1 || together[0].Recipient != nil || len(together[0].Payload) == 0 {
		t.Fatalf("together: %+v (%v)", together, err)
	}
}

// notExposed are the methods of the spec the client does not expose yet.
var notExposed = map[string]bool{}

func TestEveryMethodOfTheSpecIsAMethodOfTheClient(t *testing.T) {
	client := reflect.TypeOf(&Client{})
	for _, method := range openRPC(t)["methods"].([]any) {
		name := method.(map[string]any)["name"].(string)
		if notExposed[name] {
			continue
		}
		goName := strings.ToUpper(name[:1]) + name[1:]
		if name == "rpc.discover" {
			goName = "Discover"
		}
		if _, ok := client.MethodByName(goName); !ok {
			t.Errorf("%s: no method %s", name, goName)
		}
	}
}

func exampleTemplate(t *testing.T) json.RawMessage {
	t.Helper()
	text, err := os.ReadFile("../../Examples/payloads/pinpoint-template/push-template-request.json")
	if err != nil {
		t.Fatal(err)
	}
	return text
}

// fcmNotification is what a conversion to fcm renders in its notification and Android notification.
type fcmNotification struct {
	Notification struct {
		Title string `json:"title"`
		Body  string `json:"body"`
	} `json:"notification"`
	Android struct {
		Notification struct {
			Body string `json:"body"`
		} `json:"notification"`
	} `json:"android"`
}

func fcmOf(t *testing.T, payload json.RawMessage) fcmNotification {
	t.Helper()
	var message fcmNotification
	if err := json.Unmarshal(payload, &message); err != nil {
		t.Fatalf("%s: %v", payload, err)
	}
	return message
}

func TestSubstitutionsRenderATemplateAndABadOneIsInvalidParams(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	template := exampleTemplate(t)
	kept, err := client.Convert(ctx, template, ConvertParams{From: "pinpoint-template", To: "fcm"})
	if err != nil || fcmOf(t, kept.Payload).Notification.Title != "Hello {{User.UserAttributes.FirstName}}" {
		t.Fatalf("without substitutions: %v %s", err, kept.Payload)
	}
	names := Substitutions{"User.UserAttributes.FirstName": []string{"Ana"}}
	result, err := client.Convert(ctx, template, ConvertParams{From: "pinpoint-template", To: "fcm", Substitutions: names})
	if err != nil {
		t.Fatal(err)
	}
	rendered := fcmOf(t, result.Payload)
	// DefaultSubstitutions fill what Substitutions leave out.
	if rendered.Notification.Title != "Hello Ana" ||
		rendered.Android.Notification.Body != "Your order is waiting, tap to check out." ||
		strings.Contains(string(result.Payload), "{{") ||
		len(result.Diagnostics) != 1 || result.Diagnostics[0].Code != "amazon.media.found" { // no core.template.* left
		t.Fatalf("%s %+v", result.Payload, result.Diagnostics)
	}
	nested := Substitutions{"User": map[string]any{"UserAttributes": map[string]any{"FirstName": "Bo"}}, "Attributes.Item": "basket"}
	messages, err := client.ConvertMessages(ctx, template, ConvertParams{To: "fcm", Substitutions: nested})
	if err != nil || len(messages) != 1 || fcmOf(t, messages[0].Payload).Notification.Body != "Your basket is waiting in your cart." ||
		fcmOf(t, messages[0].Payload).Notification.Title != "Hello Bo" {
		t.Fatalf("%v %+v", err, messages)
	}
	for index, outcome := range client.ConvertMany(ctx, []any{template, template}, ConvertParams{To: "fcm", Substitutions: names}, 2) {
		if outcome.Err != nil || fcmOf(t, outcome.Result.Payload).Notification.Title != "Hello Ana" {
			t.Errorf("record %d: %v", index, outcome.Err)
		}
	}
	unrendered, err := client.Convert(ctx, map[string]any{"GCM": map[string]any{"Title": "{{Attributes.Who}}", "Body": "b"}},
		ConvertParams{From: "pinpoint-template", To: "fcm", Substitutions: Substitutions{}})
	if err != nil || len(unrendered.Diagnostics) != 1 || unrendered.Diagnostics[0].Code != "core.template.unrendered" {
		t.Fatalf("%v %+v", err, unrendered)
	}
	_, err = client.Convert(ctx, template, ConvertParams{To: "fcm", Substitutions: Substitutions{"Attributes.Item": 3}})
	var bad *Error
	if !errors.Is(err, ErrInvalidParams) || !errors.As(err, &bad) {
		t.Fatalf("%v", err)
	}
	want := []Diagnostic{{Severity: "error", Code: "core.template.substitutions-invalid", Path: "/substitutions/Attributes.Item"}}
	got := bad.Diagnostics()
	if len(got) == 1 {
		got[0].Message = ""
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v", got)
	}
}

func TestVariablesListsThePlaceholdersWithTheirJSONPointers(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	listed, err := client.Variables(ctx, exampleTemplate(t))
	if err != nil {
		t.Fatal(err)
	}
	first, item := "User.UserAttributes.FirstName", "Attributes.Item"
	want := VariablesResult{
		Variables: []TemplateVariable{
			{Path: "/APNS/Body", Placeholder: "{{" + item + "}}", Variable: item},
			{Path: "/APNS/Title", Placeholder: "{{" + first + "}}", Variable: first},
			{Path: "/GCM/Body", Placeholder: "{{" + item + "}}", Variable: item},
			{Path: "/GCM/Title", Placeholder: "{{" + first + "}}", Variable: first},
		},
		Names: []string{item, first},
	}
	if !reflect.DeepEqual(*listed, want) {
		t.Fatalf("%+v", *listed)
	}
	helper, err := client.Variables(ctx, `{"GCM": {"Body": "{{#if Attributes.Gold}}Gold{{/if}}"}}`)
	wantHelper := VariablesResult{
		Variables: []TemplateVariable{{Path: "/GCM/Body", Placeholder: "{{#if Attributes.Gold}}"}, {Path: "/GCM/Body", Placeholder: "{{/if}}"}},
		Names:     []string{},
	}
	if err != nil || !reflect.DeepEqual(*helper, wantHelper) {
		t.Fatalf("%v %+v", err, helper)
	}
	if _, err := client.Variables(ctx, `{"GCM": `); !errors.Is(err, ErrInvalidPayloadJSON) {
		t.Fatalf("%v", err)
	}
}

func TestValidateNormaliseAndRenderTakeSubstitutions(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	template := map[string]any{"APNS": map[string]any{
		"Title": "Hi {{User.UserAttributes.FirstName}}", "Body": "b", "MediaUrl": "{{Attributes.Image}}",
	}}
	plain, err := client.Validate(ctx, ValidateParams{Payload: template, Format: "pinpoint-template"})
	if err != nil || !plain.Valid {
		t.Fatalf("%v %+v", err, plain)
	}
	bad, err := client.Validate(ctx, ValidateParams{
		Payload: template, Format: "pinpoint-template", Substitutions: Substitutions{"Attributes.Image": "not a url"},
	})
	if err != nil || bad.Valid {
		t.Fatalf("%v %+v", err, bad)
	}
	found := map[string]bool{}
	for _, d := range bad.Diagnostics {
		found[d.Severity+" "+d.Code+" "+d.Path] = true
	}
	if !found["error media.url.invalid /APNS/MediaUrl"] || !found["warning core.template.unrendered /APNS/Title"] {
		t.Fatalf("%+v", bad.Diagnostics)
	}
	good, err := client.Validate(ctx, ValidateParams{Payload: template, Format: "pinpoint-template", Substitutions: Substitutions{
		"User.UserAttributes.FirstName": []string{"Ana"}, "Attributes.Image": "https://cdn.example.com/a.png",
	}})
	if err != nil || !good.Valid {
		t.Fatalf("%v %+v", err, good)
	}
	names := Substitutions{"User.UserAttributes.FirstName": []string{"Ana"}}
	normalised, err := client.Normalise(ctx, exampleTemplate(t), NormaliseParams{Substitutions: names})
	var notification struct {
		Title string `json:"title"`
	}
	if err != nil || json.Unmarshal(normalised.Notification, &notification) != nil || notification.Title != "Hello Ana" {
		t.Fatalf("%v %s", err, normalised.Notification)
	}
	rendered, err := client.Render(ctx, RenderParams{
		Format: "apns", Notification: map[string]any{"title": "Hi {{X}}", "body": "{{Y}}"}, Substitutions: Substitutions{"X": "Ana"},
	})
	if err != nil || !strings.Contains(string(rendered.Payload), `"title":"Hi Ana"`) ||
		len(rendered.Diagnostics) != 1 || rendered.Diagnostics[0].Code != "core.template.unrendered" || rendered.Diagnostics[0].Path != "/body" {
		t.Fatalf("%v %+v", err, rendered)
	}
	invalid := Substitutions{"a": 3}
	for name, call := range map[string]func() error{
		"validate": func() error {
			_, err := client.Validate(ctx, ValidateParams{Payload: template, Substitutions: invalid})
			return err
		},
		"normalise": func() error {
			_, err := client.Normalise(ctx, template, NormaliseParams{Substitutions: invalid})
			return err
		},
		"render": func() error {
			_, err := client.Render(ctx, RenderParams{Format: "apns", Notification: map[string]any{"title": "t"}, Substitutions: invalid})
			return err
		},
	} {
		var failure *Error
		if err := call(); !errors.As(err, &failure) || !errors.Is(err, ErrInvalidParams) ||
			len(failure.Diagnostics()) != 1 || failure.Diagnostics()[0].Path != "/substitutions/a" ||
			failure.Diagnostics()[0].Code != "core.template.substitutions-invalid" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestReportRendersTheHTMLPageOfASummary(t *testing.T) {
	client := start(t, Config{})
	ctx := context.Background()
	summary := map[string]any{
		"records": 2, "converted": 2, "lossy": 1, "failed": 0, "lost": map[string]any{"/badge": 1},
		"lostReasons": map[string]any{"/badge": "fcm has no place for this field"}, "from": "apns", "to": "fcm",
	}
	report, err := client.Report(ctx, summary)
	if err != nil || !strings.HasPrefix(report.HTML, "<!DOCTYPE html>") || !strings.Contains(report.HTML, "/badge") ||
		report.Size != len(report.HTML) {
		t.Fatalf("%v %d", err, len(report.HTML))
	}
	_, err = client.Report(ctx, map[string]any{"records": 1})
	var failure *Error
	if !errors.As(err, &failure) || !errors.Is(err, ErrInvalidParams) || len(failure.Diagnostics()) != 1 ||
		failure.Diagnostics()[0].Code != "report.summary.invalid" || failure.Diagnostics()[0].Path != "/summary/converted" {
		t.Fatalf("%v", err)
	}
}
