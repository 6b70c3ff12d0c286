# Builds moonshot and installs it with its manual page and shell completions, each where its
# program looks by default:
#
#   make install                   # under /usr/local (sudo make install, if it is root's)
#   make install PREFIX=~/.local   # for one user
#   make uninstall                 # removes exactly the files install wrote (same PREFIX)
#
# DESTDIR, when given, goes before every installed path, for building a package.

PREFIX ?= /usr/local

# PREFIX and DESTDIR are paths only: one word, no quotes, backslashes or backquotes (which the
# shell running the recipes would read), PREFIX absolute once a leading ~ is the home folder
# (for the shells, zsh and fish, that pass PREFIX=~/x on as written).
unsafe = $(or $(findstring ',$(1)),$(findstring ",$(1)),$(findstring `,$(1)),$(findstring \,$(1)))
ifneq ($(or $(call unsafe,$(PREFIX)),$(call unsafe,$(DESTDIR))),)
$(error PREFIX and DESTDIR may not hold quotes, backslashes or backquotes)
endif
ifneq ($(or $(word 2,$(PREFIX)),$(word 2,$(DESTDIR))),)
$(error PREFIX and DESTDIR may not hold spaces)
endif
ifneq ($(and $(filter ~ ~/%,$(PREFIX)),$(if $(HOME),,no home)),)
$(error PREFIX starts with ~ but HOME is not set: give the full path)
endif
override PREFIX := $(patsubst ~,$(HOME),$(patsubst ~/%,$(HOME)/%,$(PREFIX)))
ifeq ($(filter /%,$(PREFIX)),)
$(error PREFIX must be a full path, such as /usr/local or ~/.local (it is '$(PREFIX)'))
endif

# The release build (docs/install.md), and the binary it makes: built again by install only when a
# source is newer, so that 'sudo make install' after 'make' builds nothing as root.
BUILD ?= swift build -c release --static-swift-stdlib
BINARY ?= .build/release/moonshot
SOURCES := Package.swift schema.sql $(shell find Sources Resources Plugins -type f 2>/dev/null)

BIN_FILE = $(DESTDIR)$(PREFIX)/bin/moonshot
MAN_FILE = $(DESTDIR)$(PREFIX)/share/man/man1/moonshot.1
BASH_FILE = $(DESTDIR)$(PREFIX)/share/bash-completion/completions/moonshot
ZSH_FILE = $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_moonshot
FISH_FILE = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/moonshot.fish

.PHONY: all build install uninstall

all: build

build:
	$(BUILD)

$(BINARY): $(SOURCES)
	$(BUILD)

# The page and the scripts are written first, into a temporary folder, so that a failure
# installs nothing; the binary is stripped of its symbols (43% smaller, the same code).
install: $(BINARY)
	set -e; stage=$$(mktemp -d); trap 'rm -rf "$$stage"' EXIT; \
	"$(BINARY)" manual > "$$stage/moonshot.1"; \
	for shell in bash zsh fish; do "$(BINARY)" completions $$shell > "$$stage/$$shell"; done; \
	install -D -s -m 755 "$(BINARY)" "$(BIN_FILE)"; \
	install -D -m 644 "$$stage/moonshot.1" "$(MAN_FILE)"; \
	install -D -m 644 "$$stage/bash" "$(BASH_FILE)"; \
	install -D -m 644 "$$stage/zsh" "$(ZSH_FILE)"; \
	install -D -m 644 "$$stage/fish" "$(FISH_FILE)"

uninstall:
	rm -f "$(BIN_FILE)" "$(MAN_FILE)" "$(BASH_FILE)" "$(ZSH_FILE)" "$(FISH_FILE)"
