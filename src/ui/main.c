/* main.c — jumpstrike: the hotseat game. Everything lives in the js_ui library (app.c). */
#include "app.h"
#include <stdio.h>

int main(int argc, char **argv)
{
    ui_opts o;
    char err[256];
    int r = ui_opts_parse(argc, argv, &o, err, sizeof err);
    if (r > 0)
        return 0;
    if (r < 0) {
        fprintf(stderr, "jumpstrike: %s\n", err);
        return 2;
    }
    return ui_app_run(&o);
}
