/* sound.h — the game's few sound effects played through SDL's own audio device, mixed by hand.
 * The game only plays short WAV files, so it does without SDL_mixer: that library pulls in some
 * thirty others (fluidsynth, glib, jack, sndfile, the codecs...), whose loading and pages cost
 * 4-5 MB of memory and a good part of the start-up time (docs/performance.md).
 *
 * One device per process: ui_snd_open starts it (SDL's audio subsystem included),
 * ui_snd_close stops it. A clip belongs to its caller (ui_snd_load / ui_snd_free). Errors are
 * SDL_GetError()'s. */
#ifndef UI_SOUND_H
#define UI_SOUND_H

#include <SDL.h>
#include <stdbool.h>

/* A sound in the device's own format, ready to mix. */
typedef struct ui_snd_clip {
    Uint8 *buf;
    Uint32 len;
} ui_snd_clip;

/* Open the default device as 22050 Hz mono 16-bit (the sound files' own format, so they are kept
 * as loaded; SDL converts for the hardware); false when there is none. */
bool ui_snd_open(void);
void ui_snd_close(void);
/* Load a WAV file converted to the open device's format; NULL (SDL_GetError says why) when
 * the file is missing or broken or no device is open. */
ui_snd_clip *ui_snd_load(const char *path);
/* Stops the clip first if it is playing. NULL is fine. */
void ui_snd_free(ui_snd_clip *c);
/* Play from the start on a free voice (the oldest is cut when all eight are busy). */
void ui_snd_play(const ui_snd_clip *c);
/* Volume of everything played, 0-100. */
void ui_snd_volume(int pct);

#endif
