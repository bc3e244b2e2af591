# Weft — two commands: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
DEBIAN_PACKAGES := libvulkan-dev glslang-dev libglfw3-dev libpng-dev mesa-vulkan-drivers \
                   vulkan-validationlayers spirv-tools
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test clean

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

# `swift build` builds every target: the tests, `weft` and the example program `weft-example`.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build out
