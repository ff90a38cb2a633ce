# Thin wrappers over scripts/. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BUILD_DIR ?= build/server
BUILD_TYPE ?= RelWithDebInfo
BIN := $(BUILD_DIR)/shopfloor
PORT ?= 8080

.PHONY: help run test bench loadtest lighthouse e2e build build-server build-web deps clean format

help: ## list the targets
	@echo "Shopfloor: make <target>"
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^([a-z0-9-]+):.*## (.*)/  \1\t\2/' | expand -t 16

deps: ## install the Debian and npm packages the project needs
	@scripts/install-deps.sh

build-server:
	@cmake -S server -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) >/dev/null
	@ninja -C $(BUILD_DIR) shopfloor

build-web: # only when a web source, the build config or the installed packages changed (WEB_BUILD=always: regardless)
	@scripts/build-web.sh

build: deps build-server build-web ## install deps, build the server and the web app

run: build ## build everything, migrate, seed the demo data and serve on http://localhost:8080
	@mkdir -p data
	@export DATABASE_URL=sqlite://./data/shopfloor.db DATA_DIR=./data WEB_DIR=./web/dist PORT=$(PORT); \
	  $(BIN) migrate && $(BIN) seed --demo >/dev/null && \
	  echo "" && \
	  echo "Shopfloor is starting on http://localhost:$(PORT)" && \
	  echo "Demo logins (password Demo#2026 for all):" && \
	  echo "  admin   ADMIN01  (admin@shopfloor.example)" && \
	  echo "  editor  EDIT01   (editor@shopfloor.example)" && \
	  echo "  staff   S1001    (สมชาย ใจดี, store BKK01)" && \
	  echo "  staff   S1002    (store BKK01), S2001 and S2002 (store CNX01)" && \
	  echo "Demo activation code (a roster person who has not signed up yet):" && \
	  echo "  S3001 (ปิยะนุช แสงทอง, store BKK02): code CARD-2345, open http://localhost:$(PORT)/register?code=CARD-2345&employee=S3001" && \
	  echo "" && \
	  exec $(BIN) serve

test: ## run every test: format, unit, web, integration (SQLite and PostgreSQL), e2e
	@scripts/test.sh

bench: ## measure requests/s and p99 latency with wrk, then Lighthouse (BENCH=reports, session, drill, knowledge, push, audience or lighthouse: only those)
	@scripts/bench.sh

loadtest: ## the morning shift: PostgreSQL, two nodes behind nginx, a node killed mid-run (LOADTEST_PEOPLE, LOADTEST_STAFF, LOADTEST_ARRIVAL)
	@scripts/loadtest.sh

lighthouse: ## Lighthouse mobile on the staff tabs and /login against a demo server (median of LIGHTHOUSE_RUNS=3)
	@scripts/lighthouse.sh

e2e: build ## run the Playwright end-to-end tests of the web app
	@if [ -f web/package.json ]; then npm --prefix web run e2e; else echo "web/ not present: no e2e tests"; fi

clean: ## remove build outputs (keeps data/)
	rm -rf build web/dist

format: ## clang-format the server sources in place
	@find server/src server/tests server/bench -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.cc' \) 2>/dev/null \
	  | xargs -r clang-format -i
