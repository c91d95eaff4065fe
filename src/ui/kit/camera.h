/* camera.h — the one place where screen pixels and hexes meet.
 *
 * World space: flat-topped hexes of circumradius 1; axial hex (q, r) has its centre at
 * x = 1.5 q, y = sqrt(3) (r + q/2). This is the engine's axial system, so offset (col,row)
 * only ever goes through js_hex_from_offset / js_hex_to_offset. Screen = (world - centre) *
 * zoom + the viewport's centre. */
#ifndef UI_CAMERA_H
#define UI_CAMERA_H

#include "ui_core.h"

typedef struct ui_camera {
    SDL_Rect vp;        /* viewport on screen, pixels */
    double cx, cy;      /* world point at the viewport's centre */
    double zoom;        /* pixels per world unit (hex radius in pixels) */
    double zmin, zmax;
} ui_camera;

#define UI_SQRT3 1.7320508075688772

void ui_cam_init(ui_camera *c, SDL_Rect vp);
/* World centre of a hex, and its screen position. */
void ui_cam_hex_world(js_hex h, double *wx, double *wy);
void ui_cam_world_to_screen(const ui_camera *c, double wx, double wy, float *sx, float *sy);
void ui_cam_screen_to_world(const ui_camera *c, double sx, double sy, double *wx, double *wy);
void ui_cam_hex_to_screen(const ui_camera *c, js_hex h, float *sx, float *sy);
/* The hex under a screen point (it may be off the map; check with the state). */
js_hex ui_cam_screen_to_hex(const ui_camera *c, double sx, double sy);
/* Screen corners of a hex (flat-topped, corner 0 east, clockwise), scaled by `inset` (1 = full). */
void ui_cam_hex_corners(const ui_camera *c, js_hex h, float inset, SDL_FPoint out[6]);
/* Angle in degrees (clockwise from north) of a direction 1..6. */
double ui_dir_angle(int dir);

void ui_cam_pan(ui_camera *c, double dx_px, double dy_px);
/* Zoom by a factor keeping the world point under (sx, sy) fixed. */
void ui_cam_zoom_at(ui_camera *c, double factor, double sx, double sy);
/* Fit a W x H offset map into the viewport, with a margin. */
void ui_cam_fit(ui_camera *c, int w, int h);
/* Keep the map from being pushed out of sight. */
void ui_cam_clamp(ui_camera *c, int w, int h);
/* Screen rectangle-ish visible range in offset columns/rows (clipped to the map). */
void ui_cam_visible(const ui_camera *c, int w, int h, int *c0, int *c1, int *r0, int *r1);

#endif
