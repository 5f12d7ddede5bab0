import CFuzzerDriver
import FuzzSupport
import JSONCodec
import PushCore

/// libFuzzer entry point: JSON codec. Parse; when it parses, the compact and canonical writer output
/// must re-parse to an equal value; when it does not, the error must be located inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONCodec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let value = FuzzOracle.parse(bytes) else { return 0 }
    FuzzOracle.checkWriterRoundTrip(value)
    // The String entry point must agree with the bytes one (input is valid UTF-8 when it parsed).
    let text = String(decoding: bytes, as: UTF8.self)
    FuzzOracle.require((try? JSONParser().parse(text)) == value, "parse(String) disagrees with parse(bytes)")
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver.
@_cdecl("FuzzJSONCodec_main")
public func fuzzJSONCodecMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    cfuzzer_run_driver(argc, argv)
}
