// Compiled by `tsc --noEmit --strict` (make test-packages, when tsc is installed): index.d.ts is valid TypeScript
// and its types are the ones a caller relies on. Not run.
import {
  Client, ConvertResult, Diagnostic, VariablesResult, ReportResult, Format, LossyConversionError, PayloadRejectedError, PushnormError,
  PushnormTimeoutError, errorClasses, version,
} from '..';

async function usage(): Promise<void> {
  const client = new Client({ timeout: 5000, restart: true, options: { amazonMediaPlacement: 'data' } });
  const result: ConvertResult = await client.convert({ aps: { alert: 'hi' } }, {
    from: 'apns', to: 'amazon', strict: false, allowInvalid: true, options: { snsPlatform: 'APNS' }, timeout: 100,
  });
  const size: number = result.size;
  const rendered: ConvertResult = await client.convert({ GCM: { Title: 'Hi {{User.Name}}' } }, {
    from: 'pinpoint-template', to: 'fcm', substitutions: { 'User.Name': ['Ana'], Attributes: { Item: 'tea' } },
  });
  const listed: VariablesResult = await client.variables({ GCM: { Title: 'Hi {{User.Name}}' } }, { timeout: 100 });
  const pointer: string | undefined = listed.variables[0]?.path;
  const variable: string | undefined = listed.variables[0]?.variable;
  void [rendered, pointer, variable, listed.names];
  const messages: ConvertResult[] = await client.convertMessages({ registration_ids: ['a', 'b'] }, { to: 'fcm' });
  const label: string | undefined = messages[0]?.recipient?.label;
  const deviceToken: string | undefined = messages[0]?.recipient?.deviceToken;
  void label;
  void deviceToken;
  const from: string = result.from;
  const firstCode: string | undefined = result.diagnostics.map((d: Diagnostic) => d.code)[0];
  const normalised = await client.normalise('{"aps":{}}', { format: 'auto' });
  const format: string = normalised.format;
  const checked = await client.validate({ payload: { aps: {} }, target: 'fcm', substitutions: { X: ['a'] } });
  const valid: boolean = checked.valid;
  await client.normalise({ aps: {} }, { substitutions: { X: 'a' } });
  await client.render({ title: '{{X}}' }, { format: 'apns', substitutions: { X: 'a' } });
  const report: ReportResult = await client.report({ records: 0, converted: 0, lossy: 0, failed: 0 });
  const html: string = report.html;
  const htmlSize: number = report.size;
  void [html, htmlSize];
  await client.render(null, { format: 'hive-actions', catalogue: { actions: {} } });
  const formats: Format[] = await client.formats();
  const kind: 'notification' | 'catalogue' | undefined = formats[0]?.kind;
  for await (const item of client.convertMany([{ aps: {} }], { to: 'hive', maxInFlight: 4, returnErrors: true })) {
    if (item instanceof PushnormError) {
      const code: number = item.code;
      void code;
    } else {
      const lost: string[] = item.lost.map((l) => l.path);
      void lost;
    }
  }
  try {
    await client.convert({}, { to: 'fcm' });
  } catch (error) {
    if (error instanceof LossyConversionError) void error.lost[0].reason;
    if (error instanceof PayloadRejectedError) void error.diagnostics[0].path;
    if (error instanceof PushnormTimeoutError) void error.timeout;
  }
  const cls = errorClasses.get(1001);
  const restarts: number = client.restarts;
  void [size, from, firstCode, format, valid, kind, cls, restarts, version];
  await client.close(1000);
}

void usage;
