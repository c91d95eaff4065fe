"""srvlib.py — what the server tests share: start jumpstrike-server on a loopback port the system
picks with a scratch data folder, call its API, run `jumpstrike-sim bot` as a side's brain, stop
it. Every wait is bounded (a hang fails the test, never holds CI)."""
import json, os, signal, subprocess, sys, time, urllib.request, urllib.error


class Server:
    def __init__(self, server_bin, data, src, *extra):
        self.proc = subprocess.Popen(
            [server_bin, "--listen", "127.0.0.1:0", "--data", data, "--scenarios",
             os.path.join(src, "scenarios"), "--quiet", "--rate", "100000", "--burst", "100000", *extra],
            stdout=subprocess.PIPE, stderr=open(data.rstrip("/") + ".err", "a"), text=True)
        self.errfile = data.rstrip("/") + ".err"
        line = self.proc.stdout.readline()  # "listening on 127.0.0.1:PORT (...)"
        if not line.startswith("listening on "):
            raise SystemExit("FAILED: the server did not start: %r %s" % (line, open(self.errfile).read()))
        self.port = int(line.split()[2].rsplit(":", 1)[1])
        self.base = "http://127.0.0.1:%d" % self.port

    def call(self, method, path, body=None, token=None, raw=False, timeout=40, headers=None):
        """(status, body bytes); body: a dict (sent as JSON) or bytes."""
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if token is not None:
            req.add_header("Authorization", "Bearer " + token)
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.read()

    def json(self, method, path, body=None, token=None, want=200, timeout=40):
        st, b = self.call(method, path, body, token, timeout=timeout)
        if st != want:
            raise SystemExit("FAILED: %s %s: HTTP %d (wanted %d): %s" % (method, path, st, want, b[:300]))
        return json.loads(b)

    def kill(self, sig=signal.SIGKILL):
        self.proc.send_signal(sig)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise SystemExit("FAILED: the server did not stop within 30 s of signal %d" % sig)

    def stop(self):
        if self.proc.poll() is None:
            self.kill(signal.SIGTERM)
        if self.proc.returncode != 0:
            print(open(self.errfile).read()[-3000:])
        return self.proc.returncode


class Bot:
    """`jumpstrike-sim bot --level L`: a side's brain over the wire format (docs/bots.md)."""
    def __init__(self, sim, level, hello):
        self.p = subprocess.Popen([sim, "bot", "--level", level], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        self.send(hello)

    def send(self, text):
        self.p.stdin.write(text.strip() + "\n")
        self.p.stdin.flush()

    def decide(self, update_text):
        self.send(update_text)
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit("FAILED: the bot gave no command")
        return line.strip()

    def stop(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        self.p.wait(timeout=10)


def two_players(srv, body):
    """A game both of whose sides are people, seated the way two players are: the creator's side
    from the create's answer, the other side claimed with the invite's one-time code. The game's
    id and the two tokens [A, B]."""
    g = srv.json("POST", "/v1/games", dict(body, sides={"A": "human", "B": "human"}, me="A"), want=201)
    gid, code = g["invite"].split(":")[1:3]
    j = srv.json("POST", "/v1/games/%s/join" % gid, {"code": code})
    check(g["side"] == "A" and j["side"] == "B" and j["game"] == gid, "the seats: %s %s" % (g, j))
    return gid, [g["token"], j["token"]]


def deadline(seconds):
    end = time.monotonic() + seconds
    return lambda: time.monotonic() < end


def check(cond, msg):
    if not cond:
        print("FAILED: " + msg)
        sys.exit(1)
