/* camera.c — pixel <-> hex conversion, pan and zoom (see camera.h for the coordinate system). */
#include "camera.h"
#include <math.h>

void ui_cam_init(ui_camera *c, SDL_Rect vp)
{
    c->vp = vp;
    c->cx = c->cy = 0;
    c->zoom = 32;
    c->zmin = 6;
    c->zmax = 160;
}

void ui_cam_hex_world(js_hex h, double *wx, double *wy)
{
    *wx = 1.5 * h.q;
    *wy = UI_SQRT3 * (h.r + h.q * 0.5);
}

void ui_cam_world_to_screen(const ui_camera *c, double wx, double wy, float *sx, float *sy)
{
    *sx = (float)((wx - c->cx) * c->zoom + c->vp.x + c->vp.w * 0.5);
    *sy = (float)((wy - c->cy) * c->zoom + c->vp.y + c->vp.h * 0.5);
}

void ui_cam_screen_to_world(const ui_camera *c, double sx, double sy, double *wx, double *wy)
{
    *wx = (sx - c->vp.x - c->vp.w * 0.5) / c->zoom + c->cx;
    *wy = (sy - c->vp.y - c->vp.h * 0.5) / c->zoom + c->cy;
}

void ui_cam_hex_to_screen(const ui_camera *c, js_hex h, float *sx, float *sy)
{
    double wx, wy;
    ui_cam_hex_world(h, &wx, &wy);
    ui_cam_world_to_screen(c, wx, wy, sx, sy);
}

js_hex ui_cam_screen_to_hex(const ui_camera *c, double sx, double sy)
{
    double wx, wy;
    ui_cam_screen_to_world(c, sx, sy, &wx, &wy);
    /* fractional axial, then cube rounding */
    double q = wx * (2.0 / 3.0);
    double r = -wx / 3.0 + wy / UI_SQRT3;
    double s = -q - r;
    double rq = round(q), rr = round(r), rs = round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    js_hex h = {(int16_t)rq, (int16_t)rr};
    return h;
}

void ui_cam_hex_corners(const ui_camera *c, js_hex h, float inset, SDL_FPoint out[6])
{
    float x, y;
    ui_cam_hex_to_screen(c, h, &x, &y);
    float rad = (float)(c->zoom * inset);
    static const float cs[6] = {1, 0.5f, -0.5f, -1, -0.5f, 0.5f};
    static const float sn[6] = {0, 0.8660254f, 0.8660254f, 0, -0.8660254f, -0.8660254f};
    for (int i = 0; i < 6; i++) {
        out[i].x = x + rad * cs[i];
        out[i].y = y + rad * sn[i];
    }
}

double ui_dir_angle(int dir) { return (js_dir_wrap(dir) - 1) * 60.0; }

void ui_cam_pan(ui_camera *c, double dx_px, double dy_px)
{
    c->cx -= dx_px / c->zoom;
    c->cy -= dy_px / c->zoom;
}

void ui_cam_zoom_at(ui_camera *c, double factor, double sx, double sy)
{
    double wx, wy;
    ui_cam_screen_to_world(c, sx, sy, &wx, &wy);
    double z = c->zoom * factor;
    if (z < c->zmin)
        z = c->zmin;
    if (z > c->zmax)
        z = c->zmax;
    c->zoom = z;
    /* move the centre so (wx, wy) stays under the cursor */
    c->cx = wx - (sx - c->vp.x - c->vp.w * 0.5) / z;
    c->cy = wy - (sy - c->vp.y - c->vp.h * 0.5) / z;
}

/* World extent of a W x H odd-q map including the hexes' own size. */
static void map_extent(int w, int h, double *x0, double *y0, double *x1, double *y1)
{
    *x0 = -1.0;
    *x1 = 1.5 * (w - 1) + 1.0;
    *y0 = -UI_SQRT3 * 0.5;
    *y1 = UI_SQRT3 * (h - 1) + (w > 1 ? UI_SQRT3 * 0.5 : 0) + UI_SQRT3 * 0.5;
}

void ui_cam_fit(ui_camera *c, int w, int h)
{
    double x0, y0, x1, y1;
    map_extent(w, h, &x0, &y0, &x1, &y1);
    double zx = (c->vp.w * 0.94) / (x1 - x0), zy = (c->vp.h * 0.94) / (y1 - y0);
    c->zoom = zx < zy ? zx : zy;
    /* allow zooming out a little further than "fit", and in to big counters */
    c->zmin = c->zoom * 0.6 < 4 ? c->zoom * 0.6 : 4;
    if (c->zmin > c->zoom)
        c->zmin = c->zoom;
    c->cx = (x0 + x1) * 0.5;
    c->cy = (y0 + y1) * 0.5;
}

void ui_cam_clamp(ui_camera *c, int w, int h)
{
    double x0, y0, x1, y1;
    map_extent(w, h, &x0, &y0, &x1, &y1);
    if (c->cx < x0)
        c->cx = x0;
    if (c->cx > x1)
        c->cx = x1;
    if (c->cy < y0)
        c->cy = y0;
    if (c->cy > y1)
        c->cy = y1;
}

void ui_cam_visible(const ui_camera *c, int w, int h, int *c0, int *c1, int *r0, int *r1)
{
    double wx0, wy0, wx1, wy1;
    ui_cam_screen_to_world(c, c->vp.x, c->vp.y, &wx0, &wy0);
    ui_cam_screen_to_world(c, c->vp.x + c->vp.w, c->vp.y + c->vp.h, &wx1, &wy1);
    int a = (int)floor((wx0 - 1) / 1.5), b = (int)ceil((wx1 + 1) / 1.5);
    int ra = (int)floor(wy0 / UI_SQRT3) - 1, rb = (int)ceil(wy1 / UI_SQRT3) + 1;
    *c0 = a < 0 ? 0 : a;
    *c1 = b > w - 1 ? w - 1 : b;
    *r0 = ra < 0 ? 0 : ra;
    *r1 = rb > h - 1 ? h - 1 : rb;
}
