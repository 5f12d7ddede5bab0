#ifndef PUSHNORM_CSIMDJSON_H
#define PUSHNORM_CSIMDJSON_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// simdjson's own DOM tape, borrowed: 64-bit words, the type character in the top byte (`r` root, `{` `}` `[` `]`,
/// `"` string: offset into `strings` of a uint32 length then the bytes; `l` int64, `u` uint64, `d` double: the
/// value in the next word; `t` `f` `n`); `{` and `[` hold in their low 32 bits the index just past their end.
typedef struct csimdjson_dom {
    int error;                ///< simdjson::error_code; 0 on success
    const uint64_t *tape;     ///< tape[0] is the root word, tape[1] the document's value
    size_t tape_length;
    const uint8_t *strings;   ///< simdjson's unescaped string buffer
} csimdjson_dom;

/// Parses with a thread-local DOM parser and lends its tape. `slot` 0 or 1: two documents can be alive at once
/// (an outer one and one embedded in its strings); each stays valid until the next parse in the same slot on
/// the same thread. Never throws.
csimdjson_dom csimdjson_parse_dom(const uint8_t *bytes, size_t length, size_t max_depth, int slot);

/// simdjson's message for an error code (static storage).
const char *csimdjson_error_message(int error);

/// Parses and re-serialises compactly (simdjson::minify of the DOM); for benchmarks only.
/// Returns the output length, or -1 on error. The output stays valid until the next call.
long csimdjson_parse_and_minify(const uint8_t *bytes, size_t length, const uint8_t **out);

#ifdef __cplusplus
}
#endif
#endif
