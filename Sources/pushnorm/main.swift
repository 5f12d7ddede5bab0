import JSONCodec
import PushCore
for text in [#"{"aps":{"alert":"hi","badge":0},"x":86.795456,"u":18446744073709551615,"n":-0,"e":1e2,"s":"é\u0000\n"}"#, "18446744073709551616", "1e999", #"{"a":1,"a":2}"#, "[[[[1]]]]", #"{"a": tru}"#, "\"\\ud800\"", "", "{\"a\":\n  [1,2"] {
    do { let v = try JSONParser(maximumDepth: 3).parse(text); print(v.compactText) } catch { print(error) }
}
