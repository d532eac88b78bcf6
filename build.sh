#!/usr/bin/env bash
# The one entry point. On a fresh Debian 12 machine, as root:
#   ./build.sh serve    install what is missing, build, serve the chapter on http://127.0.0.1:8000/
#   ./build.sh test     install what is missing, build, run every test (native, WASM, browser)
# Other subcommands: deps, build, bench, clean.
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
JOBS=${JOBS:-$(nproc)}
PORT=${PORT:-8000}
export NODE_PATH=/usr/share/nodejs   # emscripten's optimizer needs Debian's acorn

log() { printf '\n== %s\n' "$*"; }

# Debian packages the build and the tests need (the CJK font is for browser screenshots).
APT_PACKAGES=(cmake g++ make libeigen3-dev libgtest-dev googletest emscripten
              chromium fonts-wqy-microhei python3 gzip
              fonttools python3-brotli            # KaTeX's fonts cut to the glyphs shown
              clang libclang-rt-14-dev)   # the sanitizer build and libFuzzer

deps() {
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # node and npm: these machines ship node 20 (with its npm) as their own package; only a
  # machine without them gets Debian's.
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    [ "$(id -u)" = 0 ] || { echo "build.sh: installing packages needs root" >&2; exit 1; }
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  # npm ci only when the lock file changed since the last install.
  if [ ! -f web/node_modules/.package-lock.json ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    log "npm ci (web/)"
    npm ci --prefix web --no-audit --no-fund
  fi
}

build_native() {
  log "native build (build/native)"
  cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build/native -j"$JOBS"
}

# Figure 2's two models, trained by the native core into build/figure2/ (<model>.weights and
# <model>.json, which the page serves). Only when an output is missing or older than the attn
# binary, so a rebuild that left the core alone does not retrain. One process per model: two cores.
build_figure2() {
  local out=build/figure2 bin=build/native/attn pids=() m p
  mkdir -p "$out"
  for m in rnnenc rnnsearch; do
    if [ ! -f "$out/$m.json" ] || [ ! -f "$out/$m.weights" ] || [ "$bin" -nt "$out/$m.json" ] || [ "$bin" -nt "$out/$m.weights" ]; then
      log "Figure 2: training $m ($out/$m.weights, $out/$m.json)"
      "$bin" train-figure2 --model "$m" --out "$out" & pids+=($!)
    fi
  done
  for p in "${pids[@]}"; do wait "$p"; done
}

build_wasm() {
  log "WASM build (build/wasm)"
  # emcmake's default CMAKE_CROSSCOMPILING_EMULATOR passes a flag node 20 rejects; ctest runs no
  # WASM test, so clear it.
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release -DCMAKE_CROSSCOMPILING_EMULATOR= >/dev/null
  cmake --build build/wasm -j"$JOBS"
}

build_web() {
  log "page (dist/)"
  # The decoder figure shows the C++ of the step it runs: cut from the very file compiled above.
  python3 tools/extract_source.py --out web/generated/decoder_step.json
  # …and, with Figure 2's trained weights, the C++ of the trained RNNsearch's step.
  python3 tools/extract_source.py --source cpp/nmt/rnn_search.cpp --marker rnnsearch-step \
    --out web/generated/rnnsearch_step.json
  node web/build.mjs
}

build() { build_native; build_figure2; build_wasm; build_web; }

# The core and the unit tests under AddressSanitizer + UndefinedBehaviorSanitizer, with the
# fuzz harnesses of tests/fuzz (a seeded random one and libFuzzer, both bounded).
build_sanitize() {
  log "sanitizer build (build/asan: clang, ASan + UBSan, fuzz harnesses)"
  cmake -S . -B build/asan -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
        -DATTN_SANITIZE=ON -DATTN_FUZZ=ON >/dev/null
  cmake --build build/asan -j"$JOBS"
}

# TensorFlow.js for the benchmark's comparison lives apart from the page's packages.
bench_deps() {
  if [ ! -f bench/node_modules/.package-lock.json ] || [ bench/package-lock.json -nt bench/node_modules/.package-lock.json ]; then
    log "npm ci (bench)"
    npm ci --prefix bench --no-audit --no-fund
  fi
}

run_tests() {
  log "GoogleTest (ctest)"
  (cd build/native && ctest --output-on-failure -j"$JOBS")
  log "build-time tools (python unittest)"
  ATTN_BUILD_DIR=build/native python3 -m unittest discover -s tests/tools -p '*_test.py'
  log "the page's plain modules (node --test tests/web)"
  node --test tests/web/
  log "WASM module (node --test tests/wasm)"
  node --test tests/wasm/
  log "the benchmark's own accounting (node --test tests/bench)"
  node --test tests/bench/
  log "browser (node --test tests/e2e)"
  node --test --test-concurrency=1 tests/e2e/
  log "sanitizers + fuzz (ctest in build/asan)"
  (cd build/asan && ctest --output-on-failure -j"$JOBS")
}

case "${1:-}" in
  deps) deps ;;
  build) deps; build ;;
  serve) deps; build; log "serving http://127.0.0.1:$PORT/"; exec node web/serve.mjs --port "$PORT" ;;
  test) deps; build; build_sanitize; run_tests ;;
  bench) deps; bench_deps; build   # reports under build/bench/ (bench/README.md)
         log "benchmark: the core (native, WASM, TF.js)"; node bench/core/run.mjs
         log "benchmark: the page in Chromium (latency, cold load, memory)"; node bench/page/run-page.mjs ;;
  clean) rm -rf build dist ;;
  *) echo "usage: ./build.sh deps|build|serve|test|bench|clean" >&2; exit 2 ;;
esac
