/* test_net.c — the game's link to jumpstrike-server (src/net): invite codes, the protocol check,
 * the answers of create and join, the token list's file (mode 0600), and that a command made while the server is down is kept
 * and delivered, with backoff, once the server comes up (the server is started by the test on
 * a free loopback port with a scratch data folder). usage: test_net SERVER SCENARIOS_DIR */
#define _DEFAULT_SOURCE
#include "net_api.h"
#include "net_client.h"
#include "net_games.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

static const char *server_bin, *scen_dir;

static void invites(void **st)
{
    (void)st;
    char g[40], t[80], s[256], why[300];
    assert_true(net_invite_parse(" js2:4c3be325ee2b91db:29507695b1982b6fb3d0b13d806750c4@http://h:7600 \n", g, sizeof g,
                                 t, sizeof t, s, sizeof s, why, sizeof why));
    assert_string_equal(g, "4c3be325ee2b91db");
    assert_string_equal(t, "29507695b1982b6fb3d0b13d806750c4");
    assert_string_equal(s, "http://h:7600");
    assert_true(net_invite_parse("js2:ab:cd", g, sizeof g, t, sizeof t, s, sizeof s, why, sizeof why));
    assert_string_equal(s, "");
    assert_false(net_invite_parse("hello there", g, sizeof g, t, sizeof t, s, sizeof s, why, sizeof why));
    assert_non_null(strstr(why, "not an invite code"));
    assert_false(net_invite_parse("js2:4c3b<script>:99", g, sizeof g, t, sizeof t, s, sizeof s, why, sizeof why));
    assert_non_null(strstr(why, "damaged"));
    /* a code of the servers before join codes held the other side's key: refused, in words */
    assert_false(net_invite_parse("js1:4c3be325ee2b91db:29507695b1982b6fb3d0b13d806750c4@http://h:7600", g, sizeof g,
                                  t, sizeof t, s, sizeof s, why, sizeof why));
    assert_non_null(strstr(why, "old invite code"));
}

/* The answers that give a seat: a create (with the invite for the other side) and a join. */
static void seats(void **st)
{
    (void)st;
    char g[40], t[80], inv[300];
    int side = -1;
    assert_true(net_seat_read("{\"version\":1,\"game\":\"4c3be325ee2b91db\",\"scenario\":\"duel\",\"side\":\"B\","
                              "\"token\":\"ee26\",\"invite\":\"js2:4c3be325ee2b91db:2950\"}",
                              g, sizeof g, &side, t, sizeof t, inv, sizeof inv));
    assert_int_equal(side, 1);
    assert_string_equal(t, "ee26");
    assert_string_equal(inv, "js2:4c3be325ee2b91db:2950");
    assert_true(net_seat_read("{\"game\":\"ab\",\"side\":\"A\",\"token\":\"cd\"}", g, sizeof g, &side, t, sizeof t,
                              inv, sizeof inv));
    assert_int_equal(side, 0);
    assert_string_equal(inv, "");
    /* the shape of the servers before join codes (both tokens) is not a seat */
    assert_false(net_seat_read("{\"game\":\"ab\",\"tokens\":{\"A\":\"x\",\"B\":\"y\"}}", g, sizeof g, &side, t,
                               sizeof t, inv, sizeof inv));
    char *b = net_create_body("duel", "human", "human", 1, "Ann");
    assert_non_null(strstr(b, "\"me\":\"B\""));
    assert_non_null(strstr(b, "\"name\":\"Ann\""));
    free(b);
    b = net_join_body("c0de", "Bo\"b"); /* the name goes escaped; none given, none sent */
    assert_non_null(strstr(b, "\"name\":\"Bo\\\"b\""));
    free(b);
    b = net_join_body("c0de", "");
    assert_null(strstr(b, "name"));
    free(b);
    /* both players' names, from any answer that has them; a null one is "" */
    char names[2][64];
    assert_true(net_players_read("{\"players\":{\"A\":\"Ann\",\"B\":null}}", names));
    assert_string_equal(names[0], "Ann");
    assert_string_equal(names[1], "");
    assert_false(net_players_read("{\"game\":\"x\"}", names));
    net_mine_row r[1];
    assert_int_equal(net_mine_read("{\"games\":[{\"game\":\"g\",\"side\":\"B\",\"title\":\"Duel at Kepler Gap\","
                                   "\"factions\":{\"A\":\"Vega Concord\",\"B\":\"Hadar Reach\"},"
                                   "\"players\":{\"A\":\"Ann\",\"B\":\"Bob\"}}]}",
                                   r, 1),
                     1);
    assert_string_equal(r[0].title, "Duel at Kepler Gap");
    assert_string_equal(r[0].faction[1], "Hadar Reach");
    assert_string_equal(r[0].player[0], "Ann");
}

/* My games' rows: when the last move came, as the server counts it, in a player's words; and the
 * end of a finished game's view (who won, what ended it). */
static void last_move_and_end(void **st)
{
    (void)st;
    net_mine_row r[4];
    int n = net_mine_read("{\"version\":1,\"games\":[{\"game\":\"g1\",\"side\":\"B\",\"turn\":3,\"over\":false,"
                          "\"your_turn\":true,\"last_move\":1795800415,\"last_move_ago\":185},"
                          "{\"game\":\"g2\",\"side\":\"A\",\"turn\":1,\"last_move\":null,\"last_move_ago\":null},"
                          "{\"game\":\"g3\",\"side\":\"A\",\"turn\":1,\"last_move_ago\":-5}]}",
                          r, 4);
    assert_int_equal(n, 3);
    assert_int_equal(r[0].side, 1);
    assert_true(r[0].your_turn);
    assert_int_equal(r[0].ago, 185);
    assert_int_equal(r[1].ago, -1); /* null: not known (a game stored before the times were) */
    assert_int_equal(r[2].ago, -1); /* nonsense is not a time */
    static const struct {
        long long secs;
        const char *words;
    } W[] = {{0, "last move just now"},       {59, "last move just now"},     {185, "last move 3 min ago"},
             {3600, "last move 1 hour ago"},   {7300, "last move 2 hours ago"}, {86400, "last move 1 day ago"},
             {2 * 86400 + 5, "last move 2 days ago"}, {15 * 86400, "last move 2 weeks ago"},
             {400LL * 86400, "last move 1 year ago"}, {-1, ""}};
    char out[64];
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++) {
        net_ago_text(W[i].secs, out, sizeof out);
        assert_string_equal(out, W[i].words);
    }
    int w = 9;
    char why[100];
    assert_true(net_view_end("{\"over\":true,\"end\":{\"type\":\"end\",\"winner\":\"A\",\"reason\":\"side B resigned\"}}", &w,
                             why, sizeof why));
    assert_int_equal(w, 0);
    assert_string_equal(why, "side B resigned");
    assert_true(net_view_end("{\"end\":{\"winner\":null,\"reason\":\"\"}}", &w, why, sizeof why));
    assert_int_equal(w, -1);
    /* an older server's end names no winner: not a draw, but no word (the view's own result stands) */
    assert_true(net_view_end("{\"end\":{\"type\":\"end\",\"reason\":\"\"}}", &w, why, sizeof why));
    assert_int_equal(w, -2);
    assert_false(net_view_end("{\"over\":false}", &w, why, sizeof why));
    assert_false(net_view_end("not json", &w, why, sizeof why));
}

static void versions(void **st)
{
    (void)st;
    char why[300];
    assert_true(net_version_ok("{\"version\":1,\"server\":\"jumpstrike-server 0.1.0\"}", why, sizeof why));
    assert_false(net_version_ok("{\"version\":2}", why, sizeof why));
    assert_non_null(strstr(why, "version 2"));
    assert_non_null(strstr(why, "version 1"));
    assert_false(net_version_ok("<html>nginx</html>", why, sizeof why));
    assert_non_null(strstr(why, "not answer as a Jumpstrike server"));
}

static void token_file(void **st)
{
    (void)st;
    char dir[] = "/tmp/js_net_XXXXXX", path[300], why[300];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/online_games.json", dir);
    net_game list[2] = {0};
    int n = 0;
    snprintf(list[0].server, sizeof list[0].server, "http://127.0.0.1:7600");
    snprintf(list[0].game, sizeof list[0].game, "4c3be325ee2b91db");
    snprintf(list[0].token, sizeof list[0].token, "ee26c7f5097b67ef14e9038090c92159");
    list[0].side = 1;
    n = 1;
    mode_t old = umask(0); /* even so, the file is the user's alone */
    assert_true(net_games_save(path, list, n, why, sizeof why));
    umask(old);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_int_equal(sb.st_mode & 0777, 0600);
    net_game back[NET_GAMES_MAX];
    assert_int_equal(net_games_load(path, back, NET_GAMES_MAX, why, sizeof why), 1);
    assert_string_equal(back[0].token, list[0].token);
    assert_int_equal(back[0].side, 1);
    unlink(path);
    rmdir(dir);
}

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    bind(fd, (struct sockaddr *)&a, sizeof a);
    getsockname(fd, (struct sockaddr *)&a, &len);
    close(fd);
    return ntohs(a.sin_port);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* The server is down when the command is made: it is kept, tried again with backoff (the game
 * says "reconnecting"), and delivered once the server is up. */
static void kept_until_the_server_is_up(void **st)
{
    (void)st;
    if (!server_bin)
        skip();
    int port = free_port();
    char base[64], listen_at[64], data[] = "/tmp/js_netsrv_XXXXXX";
    snprintf(base, sizeof base, "127.0.0.1:%d", port);
    snprintf(listen_at, sizeof listen_at, "127.0.0.1:%d", port);
    assert_non_null(mkdtemp(data));
    net_client *c = net_client_new(base);
    assert_non_null(c);
    assert_true(net_client_send(c, NET_LANE_ACT, 7, "POST", "/v1/games", NULL,
                                "{\"scenario\":\"duel\",\"sides\":{\"A\":\"human\",\"B\":\"ai:cadet\"}}", 10, true));
    double t0 = now(), next = 0;
    char why[300];
    while (!net_client_retrying(c, &next, why, sizeof why) && now() - t0 < 10)
        usleep(20000);
    assert_true(net_client_retrying(c, &next, why, sizeof why));
    net_reply r;
    assert_false(net_client_poll(c, &r)); /* nothing answered, nothing dropped */
    assert_int_equal(net_client_pending(c, NET_LANE_ACT), 1);
    pid_t pid = fork();
    if (pid == 0) {
        freopen("/dev/null", "w", stdout);
        execl(server_bin, server_bin, "--listen", listen_at, "--data", data, "--scenarios", scen_dir, "--quiet",
              (char *)NULL);
        _exit(127);
    }
    bool got = false;
    while (!(got = net_client_poll(c, &r)) && now() - t0 < 40)
        usleep(50000);
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    assert_true(got);
    assert_int_equal(r.tag, 7);
    assert_int_equal(r.status, 201);
    assert_non_null(strstr(r.body, "\"game\""));
    net_reply_free(&r);
    assert_false(net_client_retrying(c, NULL, NULL, 0));
    double t1 = now();
    net_client_free(c);
    assert_true(now() - t1 < 2); /* closing never waits on the network */
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf %s", data);
    (void)!system(cmd);
}

/* Closing the client while a long-poll hangs on a server that never answers is prompt. */
static void close_is_prompt(void **st)
{
    (void)st;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    assert_int_equal(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
    listen(fd, 4); /* accepts connections, says nothing: a hung server */
    getsockname(fd, (struct sockaddr *)&a, &len);
    char base[64];
    snprintf(base, sizeof base, "127.0.0.1:%d", ntohs(a.sin_port));
    net_client *c = net_client_new(base);
    assert_true(net_client_send(c, NET_LANE_POLL, 1, "GET", "/v1/games/x/view?wait=25", "t", NULL, 40, false));
    usleep(300000);
    double t1 = now();
    net_client_free(c);
    assert_true(now() - t1 < 2);
    close(fd);
}

int main(int argc, char **argv)
{
    server_bin = argc > 2 ? argv[1] : NULL;
    scen_dir = argc > 2 ? argv[2] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(invites),
        cmocka_unit_test(seats),
        cmocka_unit_test(versions),
        cmocka_unit_test(last_move_and_end),
        cmocka_unit_test(token_file),
        cmocka_unit_test(kept_until_the_server_is_up),
        cmocka_unit_test(close_is_prompt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
