/* files.h — the JSON files of a folder: the scenarios, the lessons and the saves are listed the
 * same way. */
#ifndef UI_FILES_H
#define UI_FILES_H

/* The *.json files of a folder (hidden ones left out: ".x.json.tmp" is a write in progress), in
 * the order the folder gives them: a malloc'd array (free()) and its count, or -1 when the
 * folder cannot be read. */
typedef char ui_json_name[256];
int ui_json_files(const char *dir, ui_json_name **out);

#endif
