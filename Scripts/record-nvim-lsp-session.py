#!/usr/bin/env python3
"""Records Tests/Fixtures/LSP/neovim.session.json: the JSON-RPC that a real editor, headless
Neovim running Tests/Fixtures/LSP/nvim/client.lua, exchanges with `patience lsp` while it opens
Tests/Fixtures/LSP/BrokenVariant.patience (beside Base.patience) and asks for a hover, a
definition and formatting.

Neovim starts the server through a small wrapper that copies both directions of the pipe to
logs; the client's messages become the session's `send` steps, with the folder written as
${ROOT} and the file's text as ${TEXT:BrokenVariant.patience}, and each of the server's answers
(its responses and published diagnostics) an `expect` step after the message it answers.
RecordedSessionTests replays the session against the server in-process.

Needs nvim (Debian package neovim; recorded with 0.7.2) and a built patience (swift build).
Usage (from the package root):
    python3 Scripts/record-nvim-lsp-session.py [--patience .build/debug/patience]
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "LSP")


def messages(data):
    found, i = [], 0
    while True:
        m = re.search(rb"Content-Length: (\d+)\r\n\r\n", data[i:])
        if not m:
            return found
        start = i + m.end()
        length = int(m.group(1))
        found.append(json.loads(data[start:start + length]))
        i = start + length


def substitute(value, folder, text):
    if isinstance(value, str):
        if value == text:
            return "${TEXT:BrokenVariant.patience}"
        return value.replace("file://" + folder, "${ROOT}").replace(folder, "${ROOT_PATH}")
    if isinstance(value, list):
        return [substitute(v, folder, text) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, folder, text) for k, v in value.items()}
    return value


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--patience", default=os.path.join(ROOT, ".build", "debug", "patience"))
    args = parser.parse_args()
    folder = os.path.realpath(tempfile.mkdtemp(prefix="patience-nvim-record-"))
    try:
        for name in ["Base.patience", "BrokenVariant.patience"]:
            shutil.copy(os.path.join(FIXTURES, name), folder)
        wrapper = os.path.join(folder, "wrap.sh")
        with open(wrapper, "w") as f:
            f.write("#!/bin/sh\ntee '%s/in.log' | '%s' lsp | tee '%s/out.log'\n" % (folder, os.path.abspath(args.patience), folder))
        os.chmod(wrapper, 0o755)
        env = dict(os.environ, PATIENCE_BIN=wrapper, LSP_DIR=folder, LSP_OUT=os.path.join(folder, "result.json"))
        subprocess.run(["nvim", "--headless", "--clean", "-u", os.path.join(FIXTURES, "nvim", "client.lua")],
                       cwd=folder, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=120, check=False)
        with open(os.path.join(folder, "BrokenVariant.patience")) as f:
            text = f.read()
        sent = messages(open(os.path.join(folder, "in.log"), "rb").read())
        answers = messages(open(os.path.join(folder, "out.log"), "rb").read())
        steps = []
        for message in sent:
            message = substitute(message, folder, text)
            if message.get("method") == "initialize":
                # The editor's process id and folders differ on every run; nothing reads them.
                message["params"]["processId"] = None
            steps.append({"send": message})
            if message.get("method") == "exit":
                steps.append({"exitStatus": 0})
            elif "id" in message:
                reply = next(a for a in answers if a.get("id") == message["id"] and "method" not in a)
                steps.append({"expect": substitute(reply, folder, text)})
            elif message.get("method") == "textDocument/didOpen":
                published = next(a for a in answers if a.get("method") == "textDocument/publishDiagnostics")
                steps.append({"expect": substitute(published, folder, text)})
        session = {
            "about": "Recorded from headless Neovim (Scripts/record-nvim-lsp-session.py): a real client's "
                     "initialize, open, hover, definition, formatting, shutdown and exit, and the server's answers.",
            "files": ["Base.patience", "BrokenVariant.patience"],
            "steps": steps,
        }
        with open(os.path.join(FIXTURES, "neovim.session.json"), "w") as f:
            json.dump(session, f, indent=1, sort_keys=True)
            f.write("\n")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
