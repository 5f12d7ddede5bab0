#!/usr/bin/env python3
"""Checks of the issue 21 harness (not part of `make test`):

  .build/bench-venv/bin/python -m unittest Benchmarks/test_engine_targets.py
  PUSHNORM=.build/release/pushnorm .build/bench-venv/bin/python -m unittest Benchmarks/test_engine_targets.py

The corpora are deterministic and prefix-stable; the output check refuses different bytes and, for RPC, accepts
replies that differ only in bytes but not as JSON; with PUSHNORM set, each alternative writes pushnorm's bytes (and
the RPC server pushnorm's replies) on the first 300 records of its corpus.
"""
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import engine_corpus  # noqa: E402
import engine_targets  # noqa: E402
import rpcdrive  # noqa: E402


class CorpusTests(unittest.TestCase):
    def test_same_seed_same_bytes_and_a_short_corpus_is_a_prefix(self):
        for name in engine_corpus.PAIRS:
            long = engine_corpus.records(name, 7, 40)
            self.assertEqual(long, engine_corpus.records(name, 7, 40), name)
            self.assertEqual(engine_corpus.records(name, 7, 15), long[:15], name)
            self.assertNotEqual(engine_corpus.records(name, 8, 15), long[:15], name)

    def test_pinpoint_inputs_carry_both_channels(self):
        import json
        for record in engine_corpus.records("pinpoint-cli", 7, 50):
            config = json.loads(record)["MessageRequest"]["MessageConfiguration"]
            self.assertEqual(sorted(config), ["APNSMessage", "GCMMessage"])


class OutputCheckTests(unittest.TestCase):
    def write(self, directory, name, data):
        path = os.path.join(directory, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def test_refuses_different_bytes_and_names_the_first_line(self):
        with tempfile.TemporaryDirectory() as d:
            a = self.write(d, "a", b'{"x":1}\n{"y":1}\n')
            b = self.write(d, "b", b'{"x":1}\n{"y":1.0}\n')
            check = engine_targets.check_same_output(a, b)
            self.assertFalse(check["same"])
            self.assertEqual(check["first"]["line"], 2)
            self.assertTrue(engine_targets.check_same_output(a, self.write(d, "c", b'{"x":1}\n{"y":1}\n'))["same"])

    def test_rpc_replies_equal_as_json_pass_and_different_values_do_not(self):
        with tempfile.TemporaryDirectory() as d:
            a = self.write(d, "a", b'{"id":1,"result":{"a":1,"b":2}}\n')
            spaced = self.write(d, "b", b'{"id": 1, "result": {"a": 1, "b": 2}}\n')
            other = self.write(d, "c", b'{"id":1,"result":{"a":1,"b":3}}\n')
            self.assertTrue(engine_targets.check_same_output(a, spaced, rpc=True)["same"])
            self.assertFalse(engine_targets.check_same_output(a, spaced)["same"])
            self.assertFalse(engine_targets.check_same_output(a, other, rpc=True)["same"])


@unittest.skipUnless(os.environ.get("PUSHNORM"), "set PUSHNORM to a pushnorm binary")
class AlternativeTests(unittest.TestCase):
    def same_bytes(self, name, alternative, rpc=False):
        binary = os.path.abspath(os.environ["PUSHNORM"])
        source, target = engine_corpus.PAIRS[name]
        records = engine_corpus.records(name, 20261202, 300)
        if rpc:
            data = b"".join(rpcdrive.convert_requests(records, source, target))
            ours = subprocess.run([binary, "rpc"], input=data, stdout=subprocess.PIPE).stdout
            theirs = subprocess.run([sys.executable, alternative, "rpc"], input=data, stdout=subprocess.PIPE).stdout
        else:
            data = b"".join(r + b"\n" for r in records)
            ours = subprocess.run([binary, "convert", "--from", source, "--to", target, "--jobs", "1"], input=data,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
            theirs = subprocess.run([sys.executable, alternative, "map"], input=data, stdout=subprocess.PIPE).stdout
        if name == "pinpoint-cli":
            # One output per address: each request has one or two.
            self.assertGreater(ours.count(b"\n"), 300)
            self.assertLessEqual(ours.count(b"\n"), 600)
        else:
            self.assertEqual(ours.count(b"\n"), 300)
        self.assertEqual(ours, theirs)

    def test_zego_amazon_script(self):
        self.same_bytes("zego", engine_targets.ZEGO_ALT)

    def test_zego_amazon_rpc_server(self):
        self.same_bytes("zego", engine_targets.ZEGO_ALT, rpc=True)

    def test_pinpoint_fcm_script(self):
        self.same_bytes("pinpoint-cli", engine_targets.PINPOINT_ALT)


if __name__ == "__main__":
    unittest.main()
