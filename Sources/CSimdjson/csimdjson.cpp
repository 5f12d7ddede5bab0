// The only C++ in the project: a thin extern "C" shim over simdjson's DOM parser, which lends simdjson's own
// tape and string buffer to Swift (JSONCodec's BorrowedDocument reads them in place; see CSimdjson.h).
#include "CSimdjson.h"
#include <simdjson.h>
#include <string>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace {
struct State {
    simdjson::dom::parser parser;
    size_t depth = 0;
    std::string minified;
};

thread_local State state;

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

namespace {
/// A reusable DOM parser of this thread.
struct DomSlot {
    simdjson::dom::parser parser;
    size_t depth = 0;
};
/// This thread's DOM parsers as a stack: a document lent while another is in use (one parsed from a string of the
/// outer one, such as ZEGO's `payload` or SNS's `APNS`) takes the next parser, so it never invalidates the outer
/// one. `in_use` counts the documents lent and not yet returned.
thread_local std::vector<std::unique_ptr<DomSlot>> dom_slots;
thread_local size_t dom_in_use = 0;
} // namespace

extern "C" csimdjson_dom csimdjson_lend_dom(const uint8_t *bytes, size_t length, size_t max_depth) {
    csimdjson_dom result{0, nullptr, 0, nullptr};
    if (dom_in_use == dom_slots.size()) dom_slots.push_back(std::make_unique<DomSlot>());
    DomSlot &s = *dom_slots[dom_in_use++];
    if (s.depth != max_depth || s.parser.capacity() < length) {
        size_t capacity = length < 4096 ? 4096 : length;
        if (auto err = s.parser.allocate(capacity, max_depth)) {
            result.error = int(err);
            return result;
        }
        s.depth = max_depth;
    }
    simdjson::dom::element root;
    if (auto err = s.parser.parse(reinterpret_cast<const char *>(bytes), length, true).get(root)) {
        result.error = int(err);
        return result;
    }
    const uint64_t *tape = s.parser.doc.tape.get();
    result.tape = tape;
    result.tape_length = size_t(uint32_t(tape[0])) + 1;  // the root word points past its closing root word
    result.strings = s.parser.doc.string_buf.get();
    return result;
}

extern "C" void csimdjson_return_dom(void) {
    if (dom_in_use > 0) --dom_in_use;
}

namespace {
/// A scratch byte buffer of this thread, freed when the thread ends.
struct ByteSlot {
    uint8_t *base = nullptr;
    size_t capacity = 0;
    ByteSlot() = default;
    ByteSlot(const ByteSlot &) = delete;
    ByteSlot &operator=(const ByteSlot &) = delete;
    ~ByteSlot() { std::free(base); }
};
thread_local std::vector<std::unique_ptr<ByteSlot>> byte_slots;
thread_local size_t bytes_in_use = 0;

csimdjson_bytes reserve(ByteSlot &s, size_t slot, size_t min_capacity) {
    if (s.capacity < min_capacity || s.base == nullptr) {
        size_t capacity = min_capacity < 256 ? 256 : min_capacity;
        if (capacity < s.capacity * 2) capacity = s.capacity * 2;
        void *grown = std::realloc(s.base, capacity);
        if (grown == nullptr) std::abort();
        s.base = static_cast<uint8_t *>(grown);
        s.capacity = capacity;
    }
    return csimdjson_bytes{s.base, s.capacity, slot};
}
} // namespace

extern "C" csimdjson_bytes csimdjson_lend_bytes(size_t min_capacity) {
    if (bytes_in_use == byte_slots.size()) byte_slots.push_back(std::make_unique<ByteSlot>());
    size_t slot = bytes_in_use++;
    return reserve(*byte_slots[slot], slot, min_capacity);
}

extern "C" csimdjson_bytes csimdjson_grow_bytes(size_t slot, size_t count, size_t min_capacity) {
    (void)count;  // realloc keeps every byte
    return reserve(*byte_slots[slot], slot, min_capacity);
}

extern "C" void csimdjson_return_bytes(void) {
    if (bytes_in_use > 0) --bytes_in_use;
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
