// Types for the pushnormaliser Node client (index.js).

export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };
export type JSONObject = { [key: string]: JSONValue };
/** A vendor payload: an object, or a string holding one. */
export type Payload = JSONObject | string;
/** Format options (README "Options"): amazonMediaKey, amazonMediaPlacement, snsPlatform, … */
export type FormatOptions = JSONObject;

export interface Diagnostic { severity: 'error' | 'warning' | 'info'; code: string; path: string; message: string }
export interface LostField { path: string; reason: string }
export interface NormaliseResult { notification: JSONObject; format: string; evidence: string[]; diagnostics: Diagnostic[] }
export interface ValidateResult { valid: boolean; diagnostics: Diagnostic[]; format?: string }
export interface RenderResult { payload: JSONObject; headers: { [name: string]: string }; size: number; lost: LostField[]; diagnostics: Diagnostic[] }
export interface ConvertResult extends RenderResult { from: string }
export interface Format {
  name: string; vendor: string; direction: ('read' | 'write')[]; delivered: boolean; summary: string; carries: string[];
  kind: 'notification' | 'catalogue';
}

export class PushnormError extends Error {
  /** The JSON-RPC error code (-32602, 1001, …); `message` is the error's message. */
  readonly code: number;
  readonly data: JSONValue;
  constructor(code: number, message: string, data?: JSONValue);
}
export class PushnormProcessError extends Error {}

export interface ClientSettings {
  /** The pushnorm executable; default $PUSHNORM, else `pushnorm` on PATH. */
  executable?: string;
  /** Default format options for every call; a call's `options` override them key by key. */
  options?: FormatOptions;
  /** Extra `pushnorm rpc` options, e.g. ['--max-message-bytes', '4194304']. */
  args?: string[];
  /** Where the server's log lines go (default 'inherit'). */
  stderr?: 'inherit' | 'ignore' | 'pipe';
}

export function findExecutable(executable?: string): string;

export class Client {
  constructor(settings?: ClientSettings);
  static with<T>(settings: ClientSettings | undefined, body: (client: Client) => Promise<T>): Promise<T>;
  readonly executable: string;
  close(): Promise<number | string>;
  normalise(payload: Payload, args?: { format?: string; options?: FormatOptions }): Promise<NormaliseResult>;
  validate(args: {
    payload?: Payload; notification?: JSONObject; catalogue?: JSONObject; format?: string; target?: string;
    options?: FormatOptions;
  }): Promise<ValidateResult>;
  render(notification: JSONObject, args: { format: string; options?: FormatOptions }): Promise<RenderResult>;
  convert(payload: Payload, args: { from?: string; to: string; strict?: boolean; options?: FormatOptions }): Promise<ConvertResult>;
  formats(): Promise<Format[]>;
  discover(): Promise<JSONObject>;
  convertMany(
    payloads: Iterable<Payload> | AsyncIterable<Payload>,
    args: { from?: string; to: string; strict?: boolean; options?: FormatOptions; maxInFlight?: number; returnErrors?: boolean },
  ): AsyncGenerator<ConvertResult | PushnormError>;
  call(method: string, params?: JSONObject): Promise<JSONValue>;
}
