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

/// Parses with the next free DOM parser of this thread (a stack of them) and lends its tape, which stays valid until
/// the matching `csimdjson_return_dom`. Every call, successful or not, is matched by exactly one return, in reverse
/// order (documents are lent and returned as nested scopes: `JSONParser.withDocument`). Never throws.
csimdjson_dom csimdjson_lend_dom(const uint8_t *bytes, size_t length, size_t max_depth);

/// Returns the document most recently lent on this thread: its parser is free for the next one.
void csimdjson_return_dom(void);

/// A run of bytes owned by this thread's scratch stack (see `csimdjson_lend_bytes`).
typedef struct csimdjson_bytes {
    uint8_t *base;            ///< never null
    size_t capacity;
    size_t slot;              ///< its depth in the stack: 0 for the first one lent and not returned
} csimdjson_bytes;

/// Lends this thread's next free scratch byte buffer (a stack of them, like the DOM parsers), with room for at least
/// `min_capacity` bytes. It is reused, never freed, until the thread ends: a writer that renders one record after
/// another allocates nothing once the buffer has grown to the largest record. Matched by exactly one
/// `csimdjson_return_bytes`, in reverse order. Aborts when memory is exhausted (as a Swift allocation does).
csimdjson_bytes csimdjson_lend_bytes(size_t min_capacity);

/// Grows the scratch buffer lent at depth `slot` (0 for the first one lent and not returned) to at least
/// `min_capacity` bytes, keeping its first `count` bytes.
csimdjson_bytes csimdjson_grow_bytes(size_t slot, size_t count, size_t min_capacity);

/// Returns the scratch buffer most recently lent on this thread.
void csimdjson_return_bytes(void);

/// simdjson's message for an error code (static storage).
const char *csimdjson_error_message(int error);

/// Parses and re-serialises compactly (simdjson::minify of the DOM); for benchmarks only.
/// Returns the output length, or -1 on error. The output stays valid until the next call.
long csimdjson_parse_and_minify(const uint8_t *bytes, size_t length, const uint8_t **out);

#ifdef __cplusplus
}
#endif
#endif
