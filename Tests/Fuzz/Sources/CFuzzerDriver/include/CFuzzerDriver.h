#ifndef PUSHNORM_CFUZZERDRIVER_H
#define PUSHNORM_CFUZZERDRIVER_H

/// Runs libFuzzer's driver (`LLVMFuzzerRunDriver`, from libclang_rt.fuzzer linked by
/// `-sanitize=fuzzer`) on the executable's `LLVMFuzzerTestOneInput`. SwiftPM links every executable
/// with `main` aliased to `<Module>_main`, so libFuzzer's own `main` is never linked in; each fuzz
/// target defines `<Module>_main` and calls this instead.
int cfuzzer_run_driver(int argc, char **argv);

#endif
