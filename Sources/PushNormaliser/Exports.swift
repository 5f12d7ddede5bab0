// One `import PushNormaliser` is enough for a service: the model and diagnostics (PushCore) and the JSON
// codec's Swift API (JSONCodec: `JSONParser`, `JSONWriter`, `compactText`) come with it. No C type is public
// in either, so nothing of Jansson or simdjson reaches the importer.
@_exported public import JSONCodec
@_exported public import PushCore
