// One `import PushNormaliser` is enough for a service: the model and diagnostics (PushCore), the JSON codec's Swift
// API (JSONCodec: `JSONParser`, `JSONWriter`, `compactText`) and the formats (their adapters, and the typed
// accessors of the options they declare, such as `FormatOptions.hiveMediaKey`) come with it. No C type is public in
// any of them, so nothing of Jansson or simdjson reaches the importer.
@_exported public import AmazonAdapter
@_exported public import APNsAdapter
@_exported public import FCMAdapter
@_exported public import HiveAdapter
@_exported public import HuaweiAdapter
@_exported public import JSONCodec
@_exported public import PushCore
@_exported public import ZegoAdapter
