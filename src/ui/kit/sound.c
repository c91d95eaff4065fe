/* sound.c — a small mixer over SDL's audio device (see sound.h). The device's callback adds
 * the playing voices into its buffer; the voices change only under the device's lock. */
#include "sound.h"
#include <stdlib.h>
#include <string.h>

#define VOICES 8

typedef struct {
    const ui_snd_clip *clip; /* NULL: free */
    Uint32 pos;
    Uint32 started; /* which voice to cut when all are busy: the oldest */
} voice;

static SDL_AudioDeviceID dev;
static SDL_AudioSpec have;
static voice voices[VOICES];
static Uint32 started;
static int volume = SDL_MIX_MAXVOLUME;

static void mix(void *user, Uint8 *out, int len)
{
    (void)user;
    memset(out, have.silence, (size_t)len);
    for (int i = 0; i < VOICES; i++) {
        voice *v = &voices[i];
        if (!v->clip)
            continue;
        Uint32 n = v->clip->len - v->pos;
        if (n > (Uint32)len)
            n = (Uint32)len;
        SDL_MixAudioFormat(out, v->clip->buf + v->pos, have.format, n, volume);
        v->pos += n;
        if (v->pos >= v->clip->len)
            v->clip = NULL;
    }
}

bool ui_snd_open(void)
{
    if (dev)
        return true;
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0)
        return false;
    SDL_AudioSpec want;
    SDL_zero(want);
    want.freq = 22050;
    want.format = AUDIO_S16SYS;
    want.channels = 1; /* the sounds are mono: kept as they are in the files, SDL makes them stereo */
    want.samples = 1024;
    want.callback = mix;
    dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
    if (!dev) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return false;
    }
    memset(voices, 0, sizeof voices);
    SDL_PauseAudioDevice(dev, 0);
    return true;
}

void ui_snd_close(void)
{
    if (!dev)
        return;
    SDL_CloseAudioDevice(dev);
    dev = 0;
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

ui_snd_clip *ui_snd_load(const char *path)
{
    if (!dev) {
        SDL_SetError("no audio device open");
        return NULL;
    }
    SDL_AudioSpec spec;
    Uint8 *wav;
    Uint32 len;
    if (!SDL_LoadWAV(path, &spec, &wav, &len))
        return NULL;
    SDL_AudioCVT cvt;
    int need = SDL_BuildAudioCVT(&cvt, spec.format, spec.channels, spec.freq, have.format, have.channels, have.freq);
    ui_snd_clip *c = calloc(1, sizeof *c);
    Uint8 *buf = need >= 0 ? malloc((size_t)len * (size_t)(cvt.len_mult > 0 ? cvt.len_mult : 1)) : NULL;
    if (!c || !buf) {
        if (need >= 0)
            SDL_SetError("out of memory for %s", path);
        free(c);
        free(buf);
        SDL_FreeWAV(wav);
        return NULL;
    }
    memcpy(buf, wav, len);
    SDL_FreeWAV(wav);
    cvt.buf = buf;
    cvt.len = (int)len;
    if (need > 0 && SDL_ConvertAudio(&cvt) != 0) {
        free(buf);
        free(c);
        return NULL;
    }
    c->len = need > 0 ? (Uint32)cvt.len_cvt : len;
    /* whole sample frames only, so a voice never ends half way through one */
    Uint32 frame = (Uint32)(SDL_AUDIO_BITSIZE(have.format) / 8 * have.channels);
    c->len -= c->len % frame;
    Uint8 *fit = realloc(buf, c->len ? c->len : 1); /* the conversion's scratch room is not kept */
    c->buf = fit ? fit : buf;
    return c;
}

void ui_snd_free(ui_snd_clip *c)
{
    if (!c)
        return;
    if (dev) {
        SDL_LockAudioDevice(dev);
        for (int i = 0; i < VOICES; i++)
            if (voices[i].clip == c)
                voices[i].clip = NULL;
        SDL_UnlockAudioDevice(dev);
    }
    free(c->buf);
    free(c);
}

void ui_snd_play(const ui_snd_clip *c)
{
    if (!dev || !c || !c->len)
        return;
    SDL_LockAudioDevice(dev);
    int pick = 0;
    for (int i = 0; i < VOICES; i++) {
        if (!voices[i].clip) {
            pick = i;
            break;
        }
        if (voices[i].started < voices[pick].started)
            pick = i;
    }
    voices[pick].clip = c;
    voices[pick].pos = 0;
    voices[pick].started = ++started;
    SDL_UnlockAudioDevice(dev);
}

void ui_snd_volume(int pct)
{
    int v = pct < 0 ? 0 : pct > 100 ? 100 : pct;
    if (dev)
        SDL_LockAudioDevice(dev);
    volume = v * SDL_MIX_MAXVOLUME / 100;
    if (dev)
        SDL_UnlockAudioDevice(dev);
}
