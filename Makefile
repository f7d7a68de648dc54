# Court: the two commands are `make run` and `make test`. Both install what is missing first.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
GAME   ?= $(shell [ -d src/games/intrigue ] && echo intrigue || echo "")
SEATS  ?= human,normal,normal

.PHONY: run play test bench clean bootstrap build test-asan fuzz fuzz-build lint

bootstrap:
	@bash scripts/bootstrap

build: bootstrap
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

PORT   ?= 8080
DB     ?= court.db

# The main job: the game server with its embedded SQLite database; open the address it prints.
run: build
	@$(BUILD)/court serve --port $(PORT) --db $(DB)

# A terminal game (the first registered game) against two bots of the normal level.
play: build
	@$(BUILD)/court play $(or $(GAME),$(shell $(BUILD)/court games --first)) --seats $(SEATS)

test: build
	@ctest --preset $(PRESET) -j $(JOBS)
	@$(MAKE) --no-print-directory fuzz FUZZ_RUNS=$(FUZZ_SMOKE_RUNS)

# Every libFuzzer target (clang, address and undefined-behaviour sanitizers) for FUZZ_SECONDS each;
# `make test` runs each for FUZZ_SMOKE_RUNS inputs from a fixed seed (a few seconds, the same on every
# machine) so no harness can rot. See fuzz/README.md.
FUZZ_SECONDS    ?= 120
FUZZ_JOBS       ?= $(JOBS)
FUZZ_SMOKE_RUNS ?= 1000
fuzz-build: bootstrap
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)

fuzz: fuzz-build
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_TARGETS="$(FUZZ_TARGETS)" bash scripts/fuzz

# The same tests under address and undefined-behaviour sanitizers.
test-asan:
	@$(MAKE) test PRESET=asan

# No function over 80 lines in src/ (clang-tidy) or web/app/src (ESLint): scripts/lint.
lint: build
	@bash scripts/lint

bench: build
	@$(BUILD)/court_bench --benchmark_counters_tabular=true

clean:
	@rm -rf build
