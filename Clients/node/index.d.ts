// Types for the pushnormaliser Node client (index.js). The result interfaces follow `methods[].result` of
// rpc-spec/openrpc.json (test/features.test.js checks their keys against it).

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };
export type JSONObject = { [key: string]: JSONValue };
/** A vendor payload: an object, or a string holding one. */
export type Payload = JSONObject | string;

/** Conversion options (FormatOptions of rpc-spec/openrpc.json). All optional; unknown keys are -32602. */
export interface FormatOptions {
  amazonMediaKey?: string;
  amazonMediaPlacement?: 'top' | 'data' | 'aps';
  snsPlatform?: 'APNS' | 'APNS_SANDBOX' | 'APNS_VOIP' | 'APNS_VOIP_SANDBOX' | 'MACOS' | 'MACOS_SANDBOX';
  pinpointAndroidChannel?: 'source' | 'gcm' | 'adm' | 'baidu';
  /** Pinpoint push templates by `Name` or `Name/Version` (a campaign's TemplateConfiguration.PushTemplate). */
  pinpointTemplates?: { [nameOrVersion: string]: JSONObject };
  hiveMediaKey?: string;
  hiveGroupKey?: string;
  hiveActionCatalogue?: JSONValue;
  [option: string]: JSONValue | undefined;
}

/**
 * Template variable values (Substitutions of rpc-spec/openrpc.json): a variable name (dotted,
 * `User.UserAttributes.FirstName`, or nested objects) to a list of strings (the first is used unless the
 * placeholder names `.[n]`) or a string.
 */
export interface Substitutions { [variable: string]: string | string[] | Substitutions }

export interface Diagnostic { severity: 'error' | 'warning' | 'info'; code: string; path: string; message: string }
export interface LostField { path: string; reason: string }
export interface NormaliseResult {
  /** Absent with format hive-actions, which gives `catalogue`. */
  notification?: JSONObject;
  catalogue?: JSONObject;
  format: string;
  evidence: string[];
  diagnostics: Diagnostic[];
}
export interface ValidateResult { valid: boolean; diagnostics: Diagnostic[]; format?: string }
export interface RenderResult {
  payload: JSONValue;
  headers: { [name: string]: string };
  size: number;
  lost: LostField[];
  diagnostics: Diagnostic[];
}
/** Which recipients one of a conversion's messages goes to (`recipient 2 of 3`; `deviceToken` for APNs). */
export interface Recipient { index: number; count: number; label: string; deviceToken?: string }
/** One converted message; `recipient` when it is labelled (one of several, or its device token beside it). */
export interface ConvertResult extends RenderResult { from: string; recipient?: Recipient }
/** `convert` of a payload that becomes several messages (one per recipient): each, in order. */
export interface ConvertMessagesResult { from: string; messages: ConvertResult[] }
/** One `{{…}}` placeholder: the JSON Pointer of its string, as written, and the variable it names. */
export interface TemplateVariable {
  path: string;
  placeholder: string;
  /** Absent for a Handlebars helper, block, partial or comment (kept verbatim by rendering). */
  variable?: string;
}
/** `variables`: every placeholder in document order, then each variable name once, in order of first use. */
export interface VariablesResult { variables: TemplateVariable[]; names: string[] }
/** `report`: the HTML migration report of a batch summary (one self-contained page) and its size in UTF-8 bytes. */
export interface ReportResult { html: string; size: number }
export interface Format {
  name: string; vendor: string; direction: ('read' | 'write')[]; delivered: boolean; summary: string; carries: string[];
  kind?: 'notification' | 'catalogue';
}

/** A JSON-RPC error reply; thrown as the subclass of its code. */
export class PushnormError extends Error {
  /** The JSON-RPC error code (-32602, 1001, …); `message` is the error's message. */
  readonly code: number;
  readonly data: JSONValue;
  /** `data.diagnostics`, or []. */
  readonly diagnostics: Diagnostic[];
  constructor(code: number, message: string, data?: JSONValue);
}
/** -32700 */ export class ParseError extends PushnormError { static readonly code: -32700 }
/** -32600 */ export class InvalidRequestError extends PushnormError { static readonly code: -32600 }
/** -32601 */ export class MethodNotFoundError extends PushnormError { static readonly code: -32601 }
/** -32602: params of the wrong shape, bad options. */
export class InvalidParamsError extends PushnormError { static readonly code: -32602 }
/** -32603 */ export class InternalError extends PushnormError { static readonly code: -32603 }
/** 1001: a format name the server does not know. */
export class UnknownFormatError extends PushnormError { static readonly code: 1001 }
/** 1002: format auto recognised no format. */
export class UnrecognisedPayloadError extends PushnormError { static readonly code: 1002 }
/** 1003: the payload has errors (`diagnostics`); `allowInvalid: true` converts it anyway. */
export class PayloadRejectedError extends PushnormError { static readonly code: 1003 }
/** 1004: strict conversion would lose fields (`lost`). */
export class LossyConversionError extends PushnormError { static readonly code: 1004; readonly lost: LostField[] }
/** 1005: a payload string that is not valid JSON. */
export class InvalidPayloadJSONError extends PushnormError { static readonly code: 1005 }
export const errorClasses: Map<number, typeof PushnormError>;

/** The server could not be started, or ended before answering. */
export class PushnormProcessError extends Error {}
/** No reply within the call's timeout. */
export class PushnormTimeoutError extends PushnormProcessError {
  readonly method: string;
  readonly timeout: number;
}

export interface ClientSettings {
  /** The pushnorm executable; default $PUSHNORM, else the bundled one, else `pushnorm` on PATH. */
  executable?: string;
  /** Default format options for every call; a call's `options` override them key by key. */
  options?: FormatOptions;
  /** Extra `pushnorm rpc` options, e.g. ['--max-message-bytes', '4194304']. */
  args?: string[];
  /** Where the server's log lines go (default 'inherit'). */
  stderr?: 'inherit' | 'ignore' | 'pipe';
  /** Milliseconds a call waits for its reply (default 30000; 0 or null: no limit). */
  timeout?: number | null;
  /** Start a new server when the current one died or hung (a call timed out); in-flight calls still fail. */
  restart?: boolean;
}

/** Per-call settings: `timeout` in milliseconds overrides the client's. */
export interface CallSettings { timeout?: number | null }
export interface ConvertSettings extends CallSettings {
  from?: string;
  to: string;
  /** Refuse a lossy conversion (LossyConversionError). */
  strict?: boolean;
  /** Convert a payload with errors instead of refusing it (PayloadRejectedError); its errors in diagnostics. */
  allowInvalid?: boolean;
  options?: FormatOptions;
  /**
   * Render templates: each `{{…}}` variable gets its value (over a Pinpoint template's DefaultSubstitutions); what
   * stays verbatim is reported in diagnostics. A bad entry is InvalidParamsError, located under /substitutions.
   */
  substitutions?: Substitutions;
}

export const version: string;
export const DEFAULT_TIMEOUT: number;
export function findExecutable(executable?: string): string;
export function bundledExecutable(): string | null;

export class Client {
  constructor(settings?: ClientSettings);
  static with<T>(settings: ClientSettings | undefined, body: (client: Client) => Promise<T>): Promise<T>;
  readonly executable: string;
  readonly pid: number | undefined;
  /** How many times a dead or hung server was replaced. */
  readonly restarts: number;
  close(grace?: number): Promise<number | string>;
  /** `substitutions` renders the notification's templates, as `convert` does. */
  normalise(
    payload: Payload,
    args?: { format?: string; options?: FormatOptions; substitutions?: Substitutions } & CallSettings,
  ): Promise<NormaliseResult>;
  /** `substitutions` renders the templates first and checks the rendered values. */
  validate(args: {
    payload?: Payload; notification?: JSONObject; catalogue?: JSONObject; format?: string; target?: string;
    options?: FormatOptions; substitutions?: Substitutions;
  } & CallSettings): Promise<ValidateResult>;
  /** `substitutions` renders the notification's templates first. */
  render(
    notification: JSONObject | null,
    args: { format: string; catalogue?: JSONObject; options?: FormatOptions; substitutions?: Substitutions }
      & CallSettings,
  ): Promise<RenderResult>;
  /**
   * One message's result. A payload that becomes several messages (one per recipient) is answered
   * `ConvertMessagesResult` (`{from, messages}`) instead: call `convertMessages` where that can happen.
   */
  convert(payload: Payload, args: ConvertSettings): Promise<ConvertResult>;
  /** `convert`, always as the list of messages, in order (a list of one for a single message). */
  convertMessages(payload: Payload, args: ConvertSettings): Promise<ConvertResult[]>;
  /** The `{{…}}` placeholders of a payload or template (any JSON document), each with its JSON Pointer. */
  variables(payload: Payload, args?: CallSettings): Promise<VariablesResult>;
  /** The HTML migration report of a batch summary (`pushnorm convert --summary`'s JSON). */
  report(summary: JSONObject, args?: CallSettings): Promise<ReportResult>;
  formats(args?: CallSettings): Promise<Format[]>;
  discover(args?: CallSettings): Promise<JSONObject>;
  convertMany(
    payloads: Iterable<Payload> | AsyncIterable<Payload>,
    args: ConvertSettings & { maxInFlight?: number; returnErrors?: boolean },
  ): AsyncGenerator<ConvertResult | PushnormError>;
  call(method: string, params?: JSONObject, settings?: CallSettings): Promise<JSONValue>;
}
