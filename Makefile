# PushNormaliser: the two set-up commands are `make demo` and `make test`.
SHELL := /bin/bash
SWIFT ?= swift
DEB_PACKAGES := libjansson-dev libsimdjson-dev pkg-config
VENV := .build/venv
PYTHON ?= python3
EXAMPLES := Examples/payloads

BENCH_VENV := .build/bench-venv

.PHONY: all deps build release test test-swift test-interop demo bench soak fuzz test-asan clean

all: build

# Installs the Debian packages the C boundary needs when missing (root), or prints the command.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = "0" ]; then \
	    echo "installing:$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	  else \
	    echo "missing Debian packages:$$missing"; echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product pushnorm

test: test-swift test-interop

test-swift: deps
	$(SWIFT) build --product pushnorm
	$(SWIFT) test

test-interop: deps
	$(SWIFT) build --product pushnorm
	Tests/interop/run.sh "$$($(SWIFT) build --show-bin-path)/pushnorm"

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
	echo "== auto-detected formats"; \
	for f in $(EXAMPLES)/*/*.json; do printf '%s -> ' "$$f"; "$$bin" normalise --full "$$f" 2>/dev/null | $(PYTHON) -c 'import json,sys; r=json.load(sys.stdin); print(r["format"], r["evidence"])' || echo "(not detected)"; done

# Benchmarks (not part of `make test`): release builds of pushnorm and pushnorm-bench, orjson in a venv.
$(BENCH_VENV)/.ready: Benchmarks/requirements.txt
	$(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/pip install -q --disable-pip-version-check -r Benchmarks/requirements.txt
	touch $@

bench: release $(BENCH_VENV)/.ready
	$(SWIFT) build -c release --product pushnorm-bench
	$(BENCH_VENV)/bin/python Benchmarks/bench.py --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(BENCH_ARGS)

# A million mixed valid and invalid requests through `pushnorm rpc`; flags RSS growth.
soak: release
	$(PYTHON) Benchmarks/soak.py --binary "$$($(SWIFT) build -c release --show-bin-path)/pushnorm" $(SOAK_ARGS)

clean:
	rm -rf .build
