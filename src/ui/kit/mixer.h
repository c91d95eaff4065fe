/* mixer.h — SDL_mixer, opened with dlopen when the game first opens its audio (after the title
 * is up), not linked: it brings a dozen libraries (FluidSynth, JACK, PulseAudio, libmodplug,
 * ...) whose loading and relocation cost every start some 4 ms of CPU before main, for sounds
 * the title does not play (issue 28). Its header gives the types only. */
#ifndef UI_MIXER_H
#define UI_MIXER_H

#include <SDL_mixer.h>
#include <stdbool.h>
#include <stddef.h>

/* SDL's audio and Mix_OpenAudio(freq, format, channels, chunk); false with the reason in why
 * when SDL_mixer cannot be opened or the device cannot (the game then plays silent). */
bool ui_mix_open(int freq, Uint16 format, int channels, int chunk, char *why, size_t cap);
void ui_mix_close(void);                 /* Mix_CloseAudio, when ui_mix_open succeeded */
Mix_Chunk *ui_mix_load_wav(const char *path); /* NULL: SDL_GetError says why */
void ui_mix_free_chunk(Mix_Chunk *c);
void ui_mix_play(Mix_Chunk *c);          /* on the first free channel, once */
void ui_mix_volume(int volume);          /* every channel, 0..MIX_MAX_VOLUME */

#endif
