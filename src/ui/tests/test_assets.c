/* test_assets.c — the game finds its fonts where a player's machine has them: an installed game
 * carries no copies of the DejaVu fonts (Debian's package uses fonts-dejavu-core), so an asset
 * folder without fonts/ still starts and draws text with the system's; a source tree's own
 * copies are used when it has them; a folder that is not the game's assets is named in the
 * error. The sounds load through SDL_mixer opened late. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ui_testkit.h"

#define SYSTEM_SANS "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

static char source_assets[1024];

/* A copy of the installed layout: sprites and sounds, no fonts/. */
static void make_fontless_assets(char *dir, size_t cap)
{
    snprintf(dir, cap, "%s", "/tmp/js_assets_XXXXXX");
    assert_non_null(mkdtemp(dir));
    char from[1200], to[1200];
    const char *subs[] = {"sprites", "sounds"};
    for (int i = 0; i < 2; i++) {
        snprintf(from, sizeof from, "%s/%s", source_assets, subs[i]);
        snprintf(to, sizeof to, "%s/%s", dir, subs[i]);
        assert_int_equal(symlink(from, to), 0);
    }
}

static void remove_fontless_assets(const char *dir)
{
    char p[1200];
    snprintf(p, sizeof p, "%s/sprites", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/sounds", dir);
    unlink(p);
    rmdir(dir);
}

static int lit_pixels(const tk *k, int w, int h)
{
    int n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            n += tk_px(k, x, y).r > 128;
    return n;
}

static void test_installed_layout_uses_system_fonts(void **state)
{
    (void)state;
    if (access(SYSTEM_SANS, R_OK) != 0)
        fail_msg("%s is missing: install fonts-dejavu-core (packaging/deps.sh does)", SYSTEM_SANS);
    char dir[64];
    make_fontless_assets(dir, sizeof dir);
    setenv("JS_ASSET_DIR", dir, 1);
    tk k;
    bool opened = tk_open(&k, 200, 40);
    if (opened) {
        assert_string_equal(k.assets.font_path[UI_FONT_SANS], SYSTEM_SANS);
        SDL_SetRenderDrawColor(k.g.r, 0, 0, 0, 255);
        SDL_RenderClear(k.g.r);
        ui_text_draw(k.g.text, UI_FONT_BOLD, 20, "Jumpstrike", ui_col(255, 255, 255, 255), 4, 4,
                     UI_AL_LEFT);
        assert_true(lit_pixels(&k, 200, 40) > 50); /* the title was really drawn */
        tk_close(&k);
    }
    remove_fontless_assets(dir);
    assert_true(opened);
}

static void test_source_tree_uses_its_own_copies(void **state)
{
    (void)state;
    setenv("JS_ASSET_DIR", source_assets, 1);
    tk k;
    assert_true(tk_open(&k, 64, 64));
    char want[1200];
    snprintf(want, sizeof want, "%s/fonts/DejaVuSansMono.ttf", source_assets);
    assert_string_equal(k.assets.font_path[UI_FONT_MONO], want);
    tk_close(&k);
}

static void test_not_an_asset_folder_is_named(void **state)
{
    (void)state;
    char out[1024], err[1024];
    assert_false(ui_assets_find_dir("/tmp", out, sizeof out, err, sizeof err));
    assert_non_null(strstr(err, "--assets /tmp"));
    assert_non_null(strstr(err, "sprites/ship_small.png"));
}

/* Start-up in two steps (docs/performance.md): the title's step opens only what the title draws
 * (the ship pictures), yet a file missing anywhere still stops the start with its name; the
 * rest comes after the title's first frame. */
static void test_title_step_loads_only_the_title(void **state)
{
    (void)state;
    tk k;
    assert_true(tk_open(&k, 64, 64)); /* SDL, SDL_ttf and a renderer */
    ui_assets a;
    char err[1200];
    assert_true(ui_assets_load_title(&a, k.g.r, source_assets, err, sizeof err));
    assert_non_null(a.spr[UI_SPR_SHIP_L]);
    assert_null(a.spr[UI_SPR_D6_1]);
    assert_null(a.spr[UI_SPR_EXPLOSION]);
    assert_false(a.rest_loaded);
    assert_true(ui_assets_load_rest(&a, k.g.r, false, err, sizeof err));
    for (int i = 0; i < UI_SPR_COUNT; i++)
        assert_non_null(a.spr[i]);
    ui_assets_unload(&a);

    /* a copy of the assets without one die: refused at the title's step, the file named */
    char dir[64], from[1200], to[1200];
    snprintf(dir, sizeof dir, "%s", "/tmp/js_assets_XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(to, sizeof to, "%s/sprites", dir);
    assert_int_equal(mkdir(to, 0700), 0);
    const char *subs[] = {"fonts", "sounds"};
    for (int i = 0; i < 2; i++) {
        snprintf(from, sizeof from, "%s/%s", source_assets, subs[i]);
        snprintf(to, sizeof to, "%s/%s", dir, subs[i]);
        assert_int_equal(symlink(from, to), 0);
    }
    const char *keep[] = {"ship_small.png", "ship_medium.png", "ship_large.png", "pod.png", "missile.png"};
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        snprintf(from, sizeof from, "%s/sprites/%s", source_assets, keep[i]);
        snprintf(to, sizeof to, "%s/sprites/%s", dir, keep[i]);
        assert_int_equal(symlink(from, to), 0);
    }
    bool ok = ui_assets_load_title(&a, k.g.r, dir, err, sizeof err);
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        snprintf(to, sizeof to, "%s/sprites/%s", dir, keep[i]);
        unlink(to);
    }
    for (int i = 0; i < 2; i++) {
        snprintf(to, sizeof to, "%s/%s", dir, subs[i]);
        unlink(to);
    }
    snprintf(to, sizeof to, "%s/sprites", dir);
    rmdir(to);
    rmdir(dir);
    assert_false(ok);
    assert_non_null(strstr(err, "missing asset"));
    assert_non_null(strstr(err, "sprites/jump_point.png"));
    tk_close(&k);
}

/* Whether a shared library whose name has `part` is loaded in this process. */
static bool mapped(const char *part)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[1200];
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f))
        found = strstr(line, part) != NULL;
    if (f)
        fclose(f);
    return found;
}

/* SDL_mixer is opened when the audio is (kit/mixer.c), not at the start: the sounds still load
 * and play through it. SDL's dummy audio driver stands for a sound card. */
static void test_sounds_load_through_the_mixer_opened_late(void **state)
{
    (void)state;
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    tk k;
    assert_true(tk_open(&k, 64, 64));
    assert_false(mapped("libSDL2_mixer")); /* not linked: not loaded by the start */
    char err[1200];
    if (!ui_mix_open(22050, AUDIO_S16SYS, 1, 1024, err, sizeof err))
        fail_msg("%s", err);
    assert_true(mapped("libSDL2_mixer"));
    ui_assets a;
    assert_true(ui_assets_load_title(&a, k.g.r, source_assets, err, sizeof err));
    assert_true(ui_assets_load_rest(&a, k.g.r, true, err, sizeof err));
    for (int i = 0; i < UI_SND_COUNT; i++)
        assert_non_null(a.snd[i]);
    a.muted = false;
    ui_mix_volume(MIX_MAX_VOLUME / 2);
    ui_sound_play(&a, UI_SND_CLICK);
    ui_assets_unload(&a);
    ui_mix_close();
    tk_close(&k);
}

/* The font files are mapped once and every face opens from memory (FreeType read them through
 * thousands of seek and read calls at each start); unloading unmaps them. */
static void test_fonts_open_from_their_mapped_files(void **state)
{
    (void)state;
    tk k;
    assert_true(tk_open(&k, 64, 64));
    ui_assets a;
    char err[1200];
    assert_true(ui_assets_load_title(&a, k.g.r, source_assets, err, sizeof err));
    for (int i = 0; i < UI_FONT_COUNT; i++) {
        assert_non_null(a.font_map[i]);
        assert_true(a.font_len[i] > 10000);
        TTF_Font *f = ui_font_open(&a, (ui_font_face)i, 14);
        assert_non_null(f);
        int w = 0, h = 0;
        assert_int_equal(TTF_SizeUTF8(f, "Jumpstrike", &w, &h), 0);
        assert_true(w > 40 && h > 10);
        TTF_CloseFont(f);
    }
    ui_assets_unload(&a);
    for (int i = 0; i < UI_FONT_COUNT; i++)
        assert_null(a.font_map[i]);
    tk_close(&k);
}

int main(void)
{
    const char *src = getenv("JS_SOURCE_DIR");
    snprintf(source_assets, sizeof source_assets, "%s/assets", src ? src : ".");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_installed_layout_uses_system_fonts),
        cmocka_unit_test(test_source_tree_uses_its_own_copies),
        cmocka_unit_test(test_not_an_asset_folder_is_named),
        cmocka_unit_test(test_title_step_loads_only_the_title),
        cmocka_unit_test(test_sounds_load_through_the_mixer_opened_late),
        cmocka_unit_test(test_fonts_open_from_their_mapped_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
