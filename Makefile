# Footprint — the two commands of the README, plus the benchmarks.
#   make demo   install system packages, release build, run the demo on Data/ into out/
#   make test   install system packages, build, run every test
#   make bench  benchmark tasks on the peers' dataset (BENCH_N places, default 100000)
#   make stress crash (SIGKILL) and concurrency runs on STRESS_N places (default 1000000; minutes)
#   make fuzz   libFuzzer + AddressSanitizer on every parser (Fuzz/), FUZZ_RUNS executions each
#   make sanitize  the whole test suite under AddressSanitizer, then ThreadSanitizer

SHELL := /bin/bash
SWIFT ?= swift
BENCH_N ?= 100000
PEERS ?= $(abspath ../shared/peers)
BENCH_DATA ?= $(abspath .build/bench-data)/n$(BENCH_N)
STRESS_N ?= 1000000
STRESS_DATA ?= $(abspath .build/bench-data)/n$(STRESS_N)
STRESS_KILLS ?= 20
# More arguments of tools/stress/stress.py, e.g. STRESS_ARGS="--only concurrency --reader-pause 0.5".
STRESS_ARGS ?=

.PHONY: bootstrap build test demo bench stress fuzz fuzz-merge sanitize clean

bootstrap:
	@tools/bootstrap

build: bootstrap
	$(SWIFT) build -c release --product footprint

# The failures are repeated at the end: CI shows only the last lines of the output.
test: bootstrap
	$(SWIFT) build --build-tests
	set -o pipefail; $(SWIFT) test --skip-build 2>&1 | tee .build/test.log || \
		{ echo "Failed:"; grep -a -E '✘|recorded an issue' .build/test.log | tail -40; exit 1; }

demo: build
	tools/demo.sh "$$($(SWIFT) build -c release --show-bin-path)/footprint" out

bench: bootstrap
	python3 $(PEERS)/gen_data.py -n $(BENCH_N) --out $(BENCH_DATA) >/dev/null
	cd Benchmarks && $(SWIFT) build -c release --product footprint-bench
	PEERS_DATA=$(BENCH_DATA) N=$(BENCH_N) tools/peers-extra.sh

stress: build
	test -f $(STRESS_DATA)/places.csv || python3 $(PEERS)/gen_data.py -n $(STRESS_N) --out $(STRESS_DATA) >/dev/null
	python3 tools/stress/stress.py --bin "$$($(SWIFT) build -c release --show-bin-path)/footprint" \
		--places $(STRESS_DATA)/places.csv --track $(STRESS_DATA)/track.csv --kills $(STRESS_KILLS) \
		--work $(abspath .build/stress) $(STRESS_ARGS)

# The fuzz package builds the main one again with the fuzzer's coverage and ASan (Fuzz/.build);
# -enable-testing lets it reach the internal readers. FUZZ_TARGETS: a subset, e.g. "gpx tile".
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 0
FUZZ_TARGETS ?=
FUZZ_FLAGS = -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing

fuzz: bootstrap
	cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS) --product footprint-fuzz
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SECONDS=$(FUZZ_SECONDS) tools/fuzz.sh "$$(cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/footprint-fuzz" $(FUZZ_TARGETS)

# Adds the inputs of the last `make fuzz` that reach new coverage to the committed corpus.
fuzz-merge:
	for target in $$(ls Fuzz/Corpus); do \
		FUZZ_TARGET=$$target "$$(cd Fuzz && $(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/footprint-fuzz" \
			-merge=1 -max_len=4096 Fuzz/Corpus/$$target .build/fuzz-corpus/$$target || exit 1; \
	done

# Each sanitizer in its own build folder, so neither rebuilds the other nor the plain build.
# The CLI tests run the sanitized `footprint` binary of the same folder. The builds run at a low
# priority (SANITIZE_NICE): on a shared machine they take long and must not starve other work.
# The tests do not: `swift test` starts the test process at priority 0 whatever its own (Swift 6.3.1).
# LeakSanitizer reads tools/sanitizers/lsan.supp (reports from the toolchain's XCTest and Foundation,
# none of ours); the environment reaches the CLI processes the tests start. Failures are repeated at
# the end, as in `make test`.
SANITIZE_NICE ?= nice -n 10
ASAN_ENV = LSAN_OPTIONS=suppressions=$(abspath tools/sanitizers/lsan.supp)
sanitize: bootstrap
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	set -o pipefail; $(ASAN_ENV) $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan 2>&1 \
		| tee .build/asan/test.log || { echo "Failed under ASan:"; \
		grep -a -E '✘|recorded an issue|ERROR: (Address|Leak)Sanitizer' .build/asan/test.log | tail -40; exit 1; }
	$(SANITIZE_NICE) $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan
	set -o pipefail; $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan 2>&1 \
		| tee .build/tsan/test.log || { echo "Failed under TSan:"; \
		grep -a -E '✘|recorded an issue|WARNING: ThreadSanitizer' .build/tsan/test.log | tail -40; exit 1; }

clean:
	rm -rf .build out
