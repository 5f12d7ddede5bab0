package pushnormaliser

// Version is this module's version: a copy of rpc-spec/VERSION, written by `make version` (a test fails while it
// differs).
const Version = "0.1.0"
