# Weft — two commands: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
DEBIAN_PACKAGES := libvulkan-dev glslang-dev libglfw3-dev libpng-dev mesa-vulkan-drivers \
                   vulkan-validationlayers spirv-tools \
                   xvfb x11-apps xdotool ffmpeg \
                   libfreetype-dev libharfbuzz-dev libfontconfig-dev fonts-inter fonts-dejavu-core \
                   fonts-material-design-icons-iconfont libturbojpeg0-dev
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test test-slurm clean fuzz fuzz-build sanitize

all: build

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "weft: installing missing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product weft

run: build
	.build/release/weft gallery

# `swift build` builds every target: the tests, `weft` and the example program `weft-example`. The tests get a
# cache folder of their own (XDG_CACHE_HOME), so a run never depends on what an earlier one left in ~/.cache.
test: deps
	$(SWIFT) build --build-tests
	cache="$$(mktemp -d)" && trap 'rm -rf "$$cache"' EXIT && XDG_CACHE_HOME="$$cache" $(SWIFT) test --skip-build

# A one-node Slurm cluster on localhost renders an example as a job array of 4 shards (docs/animation.md). Not part of
# `make test`: it starts munged, slurmctld and slurmd (as root) and takes a few minutes.
test-slurm: deps
	@for p in slurm-wlm munge; do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; fi
	$(SWIFT) build --product weft
	cache="$$(mktemp -d)" && trap 'rm -rf "$$cache"' EXIT && $(SUDO) env XDG_CACHE_HOME="$$cache" Tools/slurm/test-slurm.sh

# Fuzzing (docs/reliability.md). `make test` runs the bounded smoke (Tests/FuzzTests); `make fuzz`
# runs libFuzzer on each target for FUZZ_SECONDS, in a separate build with coverage and ASan.
# New corpus entries go to .build-fuzz/corpus/TARGET, findings to .build-fuzz/findings/TARGET.
FUZZ_TARGETS := spirv cpu-translator png jpeg scene presets signature svg-path
FUZZ_SECONDS ?= 300
FUZZ_SCRATCH := .build-fuzz
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer -Xswiftc -sanitize=address -Xswiftc -DWEFT_LIBFUZZER -Xswiftc -use-ld=lld \
              -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
              -Xcc -fsanitize=fuzzer-no-link -Xcc -fsanitize=address

fuzz-build: deps
	$(SWIFT) build --product weft-fuzz --scratch-path $(FUZZ_SCRATCH) $(FUZZ_FLAGS)

fuzz: fuzz-build
	@status=0; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_SCRATCH)/corpus/$$t $(FUZZ_SCRATCH)/findings/$$t; \
	  dict=""; [ -f Fuzz/dict/$$t.dict ] && dict="-dict=Fuzz/dict/$$t.dict"; \
	  echo "weft: fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/debug/weft-fuzz $$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -rss_limit_mb=4096 -timeout=10 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_SCRATCH)/findings/$$t/ $$dict \
	    $(FUZZ_SCRATCH)/corpus/$$t Fuzz/corpus/$$t || { status=1; echo "weft: $$t found something: $(FUZZ_SCRATCH)/findings/$$t"; }; \
	done; exit $$status

# AddressSanitizer, then ThreadSanitizer, over the suites that run work on many threads at once (docs/reliability.md),
# each build in its own scratch folder. Not part of `make test`: on 2 cores each build takes 10-30 minutes and the
# thread matrix runs 7 minutes under ASan. A sanitizer report fails the target; ThreadSanitizer's reports of accesses
# inside a Mutex (which it cannot see) are suppressed by Tools/sanitize/tsan-mutex.supp.
SANITIZE_SUITES := ThreadMatrixTests|ConcurrentSceneReadingTests|ConcurrentRenderTests|BatchTakesTests|ControlFlowTests|ExecutorTests|RunawayTests

sanitize: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	cache="$$(mktemp -d)" && trap 'rm -rf "$$cache"' EXIT && XDG_CACHE_HOME="$$cache" ASAN_OPTIONS=detect_leaks=0 \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --filter '$(SANITIZE_SUITES)'
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	cache="$$(mktemp -d)" && trap 'rm -rf "$$cache"' EXIT && XDG_CACHE_HOME="$$cache" \
	  TSAN_OPTIONS="suppressions=$(CURDIR)/Tools/sanitize/tsan-mutex.supp" \
	  $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --filter '$(SANITIZE_SUITES)'

clean:
	rm -rf .build out
