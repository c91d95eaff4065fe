/* placeholder; replaced when the engine lands */
int js_testlib_placeholder;
