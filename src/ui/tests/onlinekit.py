"""onlinekit.py — what the online e2e tests share (docs/online.md): jumpstrike-server on a loopback
port, waiting for words in a screen's message or the battle's top bar, and stand-in servers on
loopback: one that answers what it is told (garbage, another protocol version) and a proxy to
the real server that can answer slowly."""
import http.client
import http.server
import json
import os
import socketserver
import subprocess
import threading
import time


def free_port():
    import socket
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    p = s.getsockname()[1]
    s.close()
    return p


def start_server(server, url, data, scenarios):
    p = subprocess.Popen([server, '--listen', url[len('http://'):], '--data', data, '--scenarios', scenarios,
                          '--quiet'], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = p.stdout.readline()
    assert line.startswith('listening on'), 'the server did not start: %r' % line
    return p


def find(top, name):
    return [os.path.join(d, name) for d, _, fs in os.walk(top) if name in fs]


def message(g, want, timeout=20):
    """The Play online screen's (or the online game's) message once it holds want."""
    t = time.time()
    while time.time() - t < timeout:
        m = ' '.join(g.layout().get('message', []))
        if want in m:
            return m
        time.sleep(0.2)
    raise SystemExit('FAIL: no message with %r: %r' % (want, ' '.join(g.layout().get('message', []))))


def topbar(g, want, timeout=30):
    t = time.time()
    while time.time() - t < timeout:
        d = g.layout()
        if want in ' '.join(d.get('topbar', [])):
            return d
        time.sleep(0.2)
    raise SystemExit('FAIL: the top bar never said %r: %r' % (want, g.layout().get('topbar')))


def wait_turn(g, turn, timeout=60, who='the game'):
    t = time.time()
    while time.time() - t < timeout:
        d = g.layout()
        if d.get('mode', [''])[0] == 'play' and int(d.get('turn', ['0'])[0]) >= turn:
            return d
        time.sleep(0.3)
    d = g.layout()
    g.snap('FAIL_turn%d' % turn)
    raise SystemExit('FAIL: %s never reached turn %d: %s %s' % (who, turn, d.get('mode'), d.get('topbar')))


class _Threaded(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class Fake:
    """A loopback HTTP server whose every answer is answer(method, path, body) -> (status, bytes),
    or, with upstream set, the upstream's answer held back delay seconds (a slow server: the
    request reaches the real server at once, its answer comes late)."""

    def __init__(self, answer=None, upstream=None):
        self.answer, self.upstream, self.delay, self.seen = answer, upstream, 0.0, []
        fake = self

        class H(http.server.BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def _any(self):
                n = int(self.headers.get('Content-Length') or 0)
                body = self.rfile.read(n) if n else b''
                fake.seen.append((self.command, self.path))
                if fake.upstream:
                    try:
                        c = http.client.HTTPConnection('127.0.0.1', fake.upstream, timeout=60)
                        hd = {k: v for k, v in self.headers.items() if k.lower() in ('authorization', 'content-type')}
                        c.request(self.command, self.path, body or None, hd)
                        r = c.getresponse()
                        status, out = r.status, r.read()
                        c.close()
                    except OSError:  # the real server stopped: a proxy's answer
                        status, out = 502, b'{"reason": "bad gateway"}'
                    if fake.delay:
                        time.sleep(fake.delay)
                else:
                    status, out = fake.answer(self.command, self.path, body)
                try:
                    self.send_response(status)
                    self.send_header('Content-Type', 'application/json')
                    self.send_header('Content-Length', str(len(out)))
                    self.end_headers()
                    self.wfile.write(out)
                except OSError:
                    pass  # the game gave up waiting: what a slow server meets

            do_GET = do_POST = _any

        self.port = free_port()
        self.srv = _Threaded(('127.0.0.1', self.port), H)
        self.url = 'http://127.0.0.1:%d' % self.port
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def close(self):
        self.srv.shutdown()
        self.srv.server_close()


def version_answer(version, rest):
    """A stand-in that says it speaks version (GET /v1) and answers everything else with rest."""
    def answer(method, path, body):
        if path in ('/v1', '/v1/'):
            return 200, json.dumps({'version': version, 'server': 'a stand-in'}).encode()
        return rest
    return answer
