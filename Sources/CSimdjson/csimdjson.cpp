// The only C++ in the project: a thin extern "C" shim over simdjson's DOM parser.
//
// Tape layout (native endianness), one record per value, depth-first:
//   'n' | 't' | 'f'
//   'i' int64 | 'u' uint64 | 'd' double          (8 bytes each)
//   's' uint32 length, UTF-8 bytes
//   '[' values... ']'
//   '{' (uint32 key length, key bytes, value)... '}'
#include "CSimdjson.h"
#include <simdjson.h>
#include <string>
#include <cstring>

namespace {
struct State {
    simdjson::dom::parser parser;
    size_t depth = 0;
    std::string tape;
    std::string minified;
};

thread_local State state;

inline void put_u32(std::string &t, uint32_t v) { t.append(reinterpret_cast<const char *>(&v), 4); }

template <typename T> inline void put_raw(std::string &t, char tag, T v) {
    t.push_back(tag);
    t.append(reinterpret_cast<const char *>(&v), sizeof(T));
}

void write(std::string &t, simdjson::dom::element e) {
    using simdjson::dom::element_type;
    switch (e.type()) {
    case element_type::ARRAY: {
        t.push_back('[');
        for (auto child : simdjson::dom::array(e)) write(t, child);
        t.push_back(']');
        break;
    }
    case element_type::OBJECT: {
        t.push_back('{');
        for (auto field : simdjson::dom::object(e)) {
            put_u32(t, static_cast<uint32_t>(field.key.size()));
            t.append(field.key.data(), field.key.size());
            write(t, field.value);
        }
        t.push_back('}');
        break;
    }
    case element_type::INT64: put_raw<int64_t>(t, 'i', int64_t(e)); break;
    case element_type::UINT64: put_raw<uint64_t>(t, 'u', uint64_t(e)); break;
    case element_type::DOUBLE: put_raw<double>(t, 'd', double(e)); break;
    case element_type::STRING: {
        std::string_view s = e;
        t.push_back('s');
        put_u32(t, static_cast<uint32_t>(s.size()));
        t.append(s.data(), s.size());
        break;
    }
    case element_type::BOOL: t.push_back(bool(e) ? 't' : 'f'); break;
    case element_type::NULL_VALUE: t.push_back('n'); break;
    }
}

simdjson::error_code prepare(size_t length, size_t max_depth) {
    if (state.depth != max_depth || state.parser.capacity() < length) {
        size_t capacity = length < 4096 ? 4096 : length;
        auto err = state.parser.allocate(capacity, max_depth);
        if (err) return err;
        state.depth = max_depth;
    }
    return simdjson::SUCCESS;
}
} // namespace

extern "C" csimdjson_result csimdjson_parse(const uint8_t *bytes, size_t length, size_t max_depth) {
    csimdjson_result result{0, nullptr, 0};
    if (auto err = prepare(length, max_depth)) {
        result.error = int(err);
        return result;
    }
    simdjson::dom::element root;
    auto err = state.parser.parse(reinterpret_cast<const char *>(bytes), length, true).get(root);
    if (err) {
        result.error = int(err);
        return result;
    }
    state.tape.clear();
    state.tape.reserve(length + 64);
    write(state.tape, root);
    result.tape = reinterpret_cast<const uint8_t *>(state.tape.data());
    result.tape_length = state.tape.size();
    return result;
}

extern "C" const char *csimdjson_error_message(int error) {
    return simdjson::error_message(static_cast<simdjson::error_code>(error));
}

extern "C" long csimdjson_parse_and_minify(const uint8_t *bytes, size_t length, const uint8_t **out) {
    if (prepare(length, 1024)) return -1;
    simdjson::dom::element root;
    if (state.parser.parse(reinterpret_cast<const char *>(bytes), length, true).get(root)) return -1;
    state.minified = simdjson::minify(root);
    *out = reinterpret_cast<const uint8_t *>(state.minified.data());
    return long(state.minified.size());
}
