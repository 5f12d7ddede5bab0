#ifndef PUSHNORM_CJANSSON_H
#define PUSHNORM_CJANSSON_H
#include <jansson.h>

/// Jansson's load flags as one size_t, since the macros import as Int32.
static inline size_t cjansson_strict_load_flags(void) {
    return (size_t)(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL);
}

/// json_typeof is a macro; re-exposed as a function.
static inline int cjansson_typeof(const json_t *json) { return (int)json_typeof(json); }

/// The error code of a json_error_t (json_error_code is static inline but takes a const pointer).
static inline int cjansson_error_code(const json_error_t *error) { return (int)json_error_code(error); }

/// Jansson's default nesting limit (JSON_PARSER_MAX_DEPTH).
static inline int cjansson_max_depth(void) {
#ifdef JSON_PARSER_MAX_DEPTH
    return JSON_PARSER_MAX_DEPTH;
#else
    return 2048;
#endif
}
#endif
