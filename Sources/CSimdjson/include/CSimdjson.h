#ifndef PUSHNORM_CSIMDJSON_H
#define PUSHNORM_CSIMDJSON_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result of csimdjson_parse: on success `error == 0` and `tape`/`tape_length` describe a
/// flat serialisation of the document (see csimdjson.cpp for the layout). The tape lives in a
/// thread-local buffer that stays valid only until the next call on the same thread.
typedef struct csimdjson_result {
    int error;               ///< simdjson::error_code; 0 on success
    const uint8_t *tape;
    size_t tape_length;
} csimdjson_result;

/// Parses `length` bytes at `bytes` with simdjson's DOM parser (thread-local, reused) and writes
/// the tape. `max_depth` bounds nesting. Never throws.
csimdjson_result csimdjson_parse(const uint8_t *bytes, size_t length, size_t max_depth);

/// simdjson's message for an error code (static storage).
const char *csimdjson_error_message(int error);

/// Parses and re-serialises compactly (simdjson::minify of the DOM); for benchmarks only.
/// Returns the output length, or -1 on error. The output stays valid until the next call.
long csimdjson_parse_and_minify(const uint8_t *bytes, size_t length, const uint8_t **out);

#ifdef __cplusplus
}
#endif
#endif
