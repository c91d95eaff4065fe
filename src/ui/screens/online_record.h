/* online_record.h — the full record of a finished online game (docs/online.md): fetched from the
 * server (GET /v1/games/ID/record, which it answers only once the game is over: the record holds
 * both sides' secrets) on a worker thread, checked by rebuilding its game here, and kept in the
 * saves folder under a name the player finds in Load ("Online duel v Bob, game 4c3be325"), so
 * the replay viewer opens it now or later. A fetch that fails says why and can be tried again;
 * a record already kept is not fetched again. */
#ifndef UI_ONLINE_RECORD_H
#define UI_ONLINE_RECORD_H
#include <stdbool.h>
#include <stddef.h>

struct net_game;
typedef struct ui_online_record ui_online_record;
typedef enum { UI_OREC_FETCHING = 0, UI_OREC_READY, UI_OREC_FAILED } ui_orec_state;

/* Starts fetching (or finds the record kept already). NULL: out of memory, or no libcurl. */
ui_online_record *ui_online_record_new(const struct net_game *g);
/* Takes an answer that came; READY with the kept file's path, FAILED with why (for the player). */
ui_orec_state ui_online_record_poll(ui_online_record *r, char *path, size_t cap, char *why, size_t wcap);
/* After a failure: ask the server again. */
void ui_online_record_retry(ui_online_record *r);
void ui_online_record_free(ui_online_record *r);
/* The file a game's record is kept in (false when there is no saves folder). */
bool ui_online_record_path(const struct net_game *g, char *out, size_t cap);
#endif
