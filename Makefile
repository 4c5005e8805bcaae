# Footprint — the two commands of the README, plus the benchmarks.
#   make demo   install system packages, release build, run the demo on Data/ into out/
#   make test   install system packages, build, run every test
#   make bench  benchmark tasks on the peers' dataset (BENCH_N places, default 100000)
#   make stress crash (SIGKILL) and concurrency runs on STRESS_N places (default 1000000; minutes)

SWIFT ?= swift
BENCH_N ?= 100000
PEERS ?= $(abspath ../shared/peers)
BENCH_DATA ?= $(abspath .build/bench-data)/n$(BENCH_N)
STRESS_N ?= 1000000
STRESS_DATA ?= $(abspath .build/bench-data)/n$(STRESS_N)
STRESS_KILLS ?= 20

.PHONY: bootstrap build test demo bench stress clean

bootstrap:
	@tools/bootstrap

build: bootstrap
	$(SWIFT) build -c release --product footprint

test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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
		--work $(abspath .build/stress)

clean:
	rm -rf .build out
