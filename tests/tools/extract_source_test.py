"""tools/extract_source.py: the listing the page shows is the decoder step that is compiled.

Run:  python3 -m unittest discover -s tests/tools -p '*_test.py'
Set ATTN_BUILD_DIR to a native build directory (holding libattn.a) to also check the built
library; without it, the first build/*/libattn.a found is used, and that check is skipped if none.
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.dont_write_bytecode = True  # keep tools/ free of __pycache__
sys.path.insert(0, os.path.join(ROOT, "tools"))
import extract_source  # noqa: E402

SOURCE = os.path.join(ROOT, "cpp", "core", "decoder_step.cpp")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_extractor(*args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "sub", "decoder_step.json")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "extract_source.py"), "--out", out, *args],
                       check=True)
        return json.loads(read(out))


def library_archive(layer):
    """The static library of one layer of cpp/ (CMakeLists.txt: attn_layer), from a native build."""
    build = os.environ.get("ATTN_BUILD_DIR")
    name = f"lib{layer}.a"
    found = [os.path.join(build, name)] if build else sorted(glob.glob(os.path.join(ROOT, "build", "*", name)))
    return next((p for p in found if os.path.exists(p)), None)


class ExtractSource(unittest.TestCase):
    def setUp(self):
        self.result = run_extractor()
        self.text = read(SOURCE)

    def test_code_is_the_text_between_the_markers_without_tag_lines(self):
        # Independently of the extractor: slice the file's text at the markers, drop tag lines.
        start = self.text.index("// [decoder-step:begin]\n") + len("// [decoder-step:begin]\n")
        stop = self.text.index("\n// [decoder-step:end]")
        kept = [l for l in self.text[start:stop].split("\n") if not re.fullmatch(r"\s*// \[line:\w+\]", l)]
        self.assertEqual(self.result["code"], "\n".join(kept))
        self.assertEqual(self.result["file"], "cpp/core/decoder_step.cpp")

    def test_code_is_the_decoder_step_function_whole(self):
        code = self.result["code"]
        self.assertTrue(code.startswith("DecoderStep decoder_step(const DecoderWeights& w"))
        self.assertTrue(code.endswith("\n}"))
        self.assertEqual(code.count("{"), code.count("}"))

    def test_each_line_number_points_at_the_file_line_it_came_from(self):
        file_lines = self.text.split("\n")
        code = self.result["code"].split("\n")
        self.assertEqual(len(code), len(self.result["file_lines"]))
        for shown, number in zip(code, self.result["file_lines"]):
            self.assertEqual(shown, file_lines[number - 1])

    def test_each_tag_covers_the_nonblank_lines_right_under_it(self):
        file_lines = self.text.split("\n")
        code = self.result["code"].split("\n")
        for name, numbers in self.result["lines"].items():
            self.assertTrue(numbers, name)
            self.assertEqual(numbers, list(range(numbers[0], numbers[-1] + 1)), name)  # one block
            first_file_line = self.result["file_lines"][numbers[0] - 1]
            self.assertEqual(file_lines[first_file_line - 2].strip(), f"// [line:{name}]")
            for n in numbers:
                self.assertTrue(code[n - 1].strip(), f"{name}: line {n} is blank")

    def test_tags_are_the_stages_decoder_step_lines_reports_in_order(self):
        listed = re.search(r"decoder_step_lines\(\) \{\s*static const std::vector<std::string> lines = \{([^}]*)\}",
                           self.text)
        self.assertIsNotNone(listed)
        self.assertEqual(list(self.result["lines"].keys()), re.findall(r'"(\w+)"', listed.group(1)))

    def test_the_source_is_one_of_the_core_library_sources(self):
        # CMakeLists.txt makes the layer `core` of cpp/core; attn_layer globs its folder's *.cpp.
        cmake = read(os.path.join(ROOT, "CMakeLists.txt"))
        self.assertRegex(cmake, r"attn_layer\(core core\)")
        layers = read(os.path.join(ROOT, "cmake", "layers.cmake"))
        self.assertIn("file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/cpp/${folder}/*.cpp)", layers)
        self.assertIn(SOURCE, glob.glob(os.path.join(ROOT, "cpp", "core", "*.cpp")))

    def test_the_built_library_defines_decoder_step_from_that_file(self):
        archive = library_archive("core")
        if archive is None:
            self.skipTest("no native build (set ATTN_BUILD_DIR)")
        members = subprocess.run(["ar", "t", archive], check=True, capture_output=True, text=True).stdout.split()
        self.assertIn("decoder_step.cpp.o", members)
        symbols = subprocess.run(["nm", "-C", "--defined-only", archive], check=True, capture_output=True,
                                 text=True).stdout
        block = symbols.split("decoder_step.cpp.o:")[1].split(".o:")[0]
        self.assertIn("attn::decoder_step(", block)

    def test_missing_or_doubled_markers_and_empty_tags_are_errors(self):
        body = "// [decoder-step:begin]\nint f() {\n  // [line:a]\n  int x = 1;\n\n  return x;\n}\n// [decoder-step:end]\n"
        self.assertEqual(extract_source.extract(body, "x.cpp")["lines"], {"a": [2]})
        for bad in (body.replace("// [decoder-step:end]\n", ""),
                    body + "// [decoder-step:begin]\n",
                    body.replace("  int x = 1;\n", "\n  int x = 1;\n"),
                    body.replace("[line:a]", "[line:A-]")):
            with self.assertRaises(extract_source.ExtractError):
                extract_source.extract(bad, "x.cpp")


class ExtractRnnSearchStep(unittest.TestCase):
    """The listing the decoder figure shows with Figure 2's trained weights: rnn_search_step."""
    SOURCE = os.path.join(ROOT, "cpp", "nmt", "rnn_search.cpp")

    def setUp(self):
        self.result = run_extractor("--source", self.SOURCE, "--marker", "rnnsearch-step")
        self.text = read(self.SOURCE)

    def test_code_is_the_rnn_search_step_function_whole(self):
        code = self.result["code"]
        self.assertEqual(self.result["file"], "cpp/nmt/rnn_search.cpp")
        self.assertTrue(code.startswith("RnnSearchStep rnn_search_step(const RnnSearch& m"))
        self.assertTrue(code.endswith("\n}"))
        self.assertEqual(code.count("{"), code.count("}"))
        for shown, number in zip(code.split("\n"), self.result["file_lines"]):
            self.assertEqual(shown, self.text.split("\n")[number - 1])

    def test_bahdanau_order_attention_before_the_gru(self):
        # Attention reads s_{i−1}: scores, softmax and context come before the GRU update.
        self.assertEqual(list(self.result["lines"].keys()), ["scores", "softmax", "context", "embed", "gru", "output"])

    def test_the_translation_runs_this_step(self):
        translate = self.text[self.text.index("std::vector<int> rnn_search_translate("):]
        self.assertIn("rnn_search_step(m, memory, previous, s)", translate.split("\n}\n")[0])

    def test_the_built_library_defines_rnn_search_step_from_that_file(self):
        archive = library_archive("nmt")
        if archive is None:
            self.skipTest("no native build (set ATTN_BUILD_DIR)")
        symbols = subprocess.run(["nm", "-C", "--defined-only", archive], check=True, capture_output=True,
                                 text=True).stdout
        block = symbols.split("rnn_search.cpp.o:")[1].split(".o:")[0]
        self.assertIn("attn::rnn_search_step(", block)


if __name__ == "__main__":
    unittest.main()
