/* mixer.c — see mixer.h. Every call but ui_mix_open does nothing until it succeeded. */
#include "mixer.h"
#include <SDL.h>
#include <dlfcn.h>
#include <stdio.h>

static struct {
    int (*open_audio)(int, Uint16, int, int);
    void (*close_audio)(void);
    Mix_Chunk *(*load_wav_rw)(SDL_RWops *, int);
    void (*free_chunk)(Mix_Chunk *);
    int (*play_channel_timed)(int, Mix_Chunk *, int, int);
    int (*volume)(int, int);
} mx;
static bool mx_open;

static bool load(char *why, size_t cap)
{
    static void *lib;
    if (lib)
        return true;
    void *l = dlopen("libSDL2_mixer-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!l)
        l = dlopen("libSDL2_mixer.so", RTLD_NOW | RTLD_LOCAL);
    if (!l) {
        const char *e = dlerror();
        snprintf(why, cap, "no SDL_mixer: %s", e ? e : "libSDL2_mixer-2.0.so.0 not found");
        return false;
    }
    /* POSIX lets a data pointer from dlsym stand for a function pointer */
    *(void **)&mx.open_audio = dlsym(l, "Mix_OpenAudio");
    *(void **)&mx.close_audio = dlsym(l, "Mix_CloseAudio");
    *(void **)&mx.load_wav_rw = dlsym(l, "Mix_LoadWAV_RW");
    *(void **)&mx.free_chunk = dlsym(l, "Mix_FreeChunk");
    *(void **)&mx.play_channel_timed = dlsym(l, "Mix_PlayChannelTimed");
    *(void **)&mx.volume = dlsym(l, "Mix_Volume");
    if (!mx.open_audio || !mx.close_audio || !mx.load_wav_rw || !mx.free_chunk || !mx.play_channel_timed ||
        !mx.volume) {
        snprintf(why, cap, "SDL_mixer lacks a function the game uses");
        dlclose(l);
        return false;
    }
    lib = l;
    return true;
}

bool ui_mix_open(int freq, Uint16 format, int channels, int chunk, char *why, size_t cap)
{
    if (mx_open)
        return true;
    if (!load(why, cap))
        return false;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0 || mx.open_audio(freq, format, channels, chunk) != 0) {
        snprintf(why, cap, "no audio: %s", SDL_GetError());
        return false;
    }
    mx_open = true;
    return true;
}

void ui_mix_close(void)
{
    if (mx_open)
        mx.close_audio();
    mx_open = false;
}

Mix_Chunk *ui_mix_load_wav(const char *path)
{
    if (!mx_open) {
        SDL_SetError("the audio is not open");
        return NULL;
    }
    return mx.load_wav_rw(SDL_RWFromFile(path, "rb"), 1);
}

void ui_mix_free_chunk(Mix_Chunk *c)
{
    if (c && mx.free_chunk)
        mx.free_chunk(c);
}

void ui_mix_play(Mix_Chunk *c)
{
    if (c && mx_open)
        mx.play_channel_timed(-1, c, 0, -1);
}

void ui_mix_volume(int volume)
{
    if (mx_open)
        mx.volume(-1, volume);
}
