"""SIGTERM and SIGINT stop the server within a moment, whatever its clients hold: a long-poll
waiting (up to --poll-max, 25 s), an idle keep-alive connection, a connection that sent half a
request. The long-poll is answered (not dropped), the exit status is 0, and the game is there
after a restart (nothing acknowledged lost)."""
import http.client, json, os, signal, socket, sys, tempfile, threading, time
sys.path.insert(0, os.path.dirname(__file__))
from srvlib import Server, check, two_players

server_bin, sim, src = sys.argv[1:4]

for sig in (signal.SIGTERM, signal.SIGINT):
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data")
        srv = Server(server_bin, data, src, "--allow-seeds")
        gid, toks = two_players(srv, {"scenario": "duel", "seed": "5"})
        v = srv.json("GET", "/v1/games/%s/view" % gid, token=toks[0])
        # an idle keep-alive connection (the desktop client keeps its connections open)
        idle = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        idle.request("GET", "/v1")
        check(idle.getresponse().read() and True, "the keep-alive request")
        # half a request: headers begun, never finished
        half = socket.create_connection(("127.0.0.1", srv.port), timeout=10)
        half.sendall(b"GET /v1 HTTP/1.1\r\nHost: x\r\n")
        # a long-poll on side A's view, which nothing will change
        got = {}
        def poll():
            got["r"] = srv.call("GET", "/v1/games/%s/view?etag=%s&wait=25" % (gid, v["etag"]),
                                token=toks[0], timeout=20)
        t = threading.Thread(target=poll)
        t.start()
        time.sleep(0.5)  # the long-poll is waiting
        t0 = time.monotonic()
        srv.proc.send_signal(sig)
        try:
            srv.proc.wait(timeout=3)
        except Exception:
            srv.proc.kill()
            srv.proc.wait()
            check(False, "signal %d: the server did not stop within 3 s" % sig)
        took = time.monotonic() - t0
        check(srv.proc.returncode == 0, "signal %d: exit status %d" % (sig, srv.proc.returncode))
        t.join(5)
        check("r" in got and got["r"][0] == 200,
              "signal %d: the waiting long-poll was not answered: %r" % (sig, got.get("r")))
        idle.close()
        half.close()
        srv = Server(server_bin, data, src, "--allow-seeds")
        try:
            v2 = srv.json("GET", "/v1/games/%s/view" % gid, token=toks[1])
            check(not v2["over"], "the game after the restart")
        finally:
            check(srv.stop() == 0, "the second stop")
        print("ok: signal %d stopped the server in %.2f s with a long-poll, an idle and a half-sent "
              "connection open; the long-poll answered 200; the game is there after a restart" % (sig, took))
