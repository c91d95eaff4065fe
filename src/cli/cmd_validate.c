/* cmd_validate.c — `validate`: check files of every kind; exit 0 when all are good. */
#include "cli.h"
#include <stdio.h>

int cli_validate(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "jumpstrike-sim validate: name one or more files\n");
        return 1;
    }
    int bad = 0;
    for (int i = 1; i < argc; i++) {
        jsd_error err;
        char kind[32] = "";
        if (jsd_validate_file(argv[i], kind, sizeof kind, &err))
            printf("%s: ok (%s)\n", argv[i], kind);
        else {
            fprintf(stderr, "%s\n", err.msg);
            bad++;
        }
    }
    return bad ? 1 : 0;
}
