/* test_sound.c — the game's sounds reach the audio device (kit/sound.c mixes them itself, without
 * SDL_mixer): through SDL's "disk" driver, which writes what the device would play to a file, a
 * played sound shows up as samples, two at once are both heard, silence stays silent, and a
 * missing file is refused with its name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kit/sound.h"

static char source_assets[1024];
static char out_path[64];

/* Open the device writing to a fresh file, let `play` run, close; the loudest sample written. */
static int loudest_after(void (*play)(void))
{
    snprintf(out_path, sizeof out_path, "%s", "/tmp/js_sound_XXXXXX");
    int fd = mkstemp(out_path);
    assert_true(fd >= 0);
    close(fd);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", out_path, 1);
    assert_true(ui_snd_open());
    play();
    SDL_Delay(400); /* the disk driver writes in real time: a few buffers */
    ui_snd_close();
    FILE *f = fopen(out_path, "rb");
    assert_non_null(f);
    int loud = 0;
    Sint16 s;
    long n = 0;
    while (fread(&s, sizeof s, 1, f) == 1) {
        n++;
        if (abs(s) > loud)
            loud = abs(s);
    }
    fclose(f);
    unlink(out_path);
    assert_true(n > 1000); /* the device really ran */
    return loud;
}

static ui_snd_clip *load(const char *name)
{
    char p[1200];
    snprintf(p, sizeof p, "%s/sounds/%s", source_assets, name);
    ui_snd_clip *c = ui_snd_load(p);
    assert_non_null(c);
    assert_true(c->len > 1000);
    return c;
}

static void play_nothing(void) {}

static void play_click(void)
{
    ui_snd_clip *c = load("click.wav");
    ui_snd_play(c);
    SDL_Delay(200);
    ui_snd_free(c); /* freed while it may still play: the voice lets go of it */
}

static void play_two(void)
{
    ui_snd_clip *a = load("explosion.wav"), *b = load("chime.wav");
    ui_snd_play(a);
    ui_snd_play(b);
    SDL_Delay(300);
    ui_snd_free(a);
    ui_snd_free(b);
}

static void play_muted(void)
{
    ui_snd_volume(0);
    play_click();
    ui_snd_volume(100);
}

static void test_silence_is_silent(void **state)
{
    (void)state;
    assert_int_equal(loudest_after(play_nothing), 0);
}

static void test_a_played_sound_is_heard(void **state)
{
    (void)state;
    assert_true(loudest_after(play_click) > 1000);
    assert_true(loudest_after(play_two) > 1000);
}

static void test_volume_zero_is_silent(void **state)
{
    (void)state;
    assert_int_equal(loudest_after(play_muted), 0);
}

static void test_missing_file_is_named(void **state)
{
    (void)state;
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    assert_true(ui_snd_open());
    assert_null(ui_snd_load("/tmp/no_such_sound.wav"));
    assert_non_null(strstr(SDL_GetError(), "no_such_sound.wav"));
    ui_snd_close();
    assert_null(ui_snd_load("/tmp/no_such_sound.wav")); /* no device: refused, not a crash */
}

int main(void)
{
    const char *src = getenv("JS_SOURCE_DIR");
    snprintf(source_assets, sizeof source_assets, "%s/assets", src ? src : ".");
    if (SDL_Init(0) != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_silence_is_silent),
        cmocka_unit_test(test_a_played_sound_is_heard),
        cmocka_unit_test(test_volume_zero_is_silent),
        cmocka_unit_test(test_missing_file_is_named),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    SDL_Quit();
    return rc;
}
