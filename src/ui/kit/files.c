/* files.c — the JSON files of a folder (files.h). */
#include "files.h"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ui_json_files(const char *dir, ui_json_name **out)
{
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    ui_json_name *v = NULL;
    int n = 0, cap = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *nm = de->d_name;
        size_t len = strlen(nm);
        if (nm[0] == '.' || len < 6 || strcmp(nm + len - 5, ".json") != 0 || len >= sizeof *v)
            continue;
        if (n == cap) {
            int nc = cap ? cap * 2 : 16;
            ui_json_name *nv = realloc(v, sizeof *v * (size_t)nc);
            if (!nv)
                break;
            v = nv;
            cap = nc;
        }
        snprintf(v[n++], sizeof *v, "%s", nm);
    }
    closedir(d);
    *out = v;
    return n;
}
