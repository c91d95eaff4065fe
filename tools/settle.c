/* settle.c — start-up timing for docs/performance.md: start a program, find its window (the
 * first viewable top-level window of 200x200 or more; none may be up before), read its picture
 * with XGetImage as fast as the X server answers, and print the time from fork to the first
 * picture that is not all black and to the last change, once the picture has stayed the same for
 * HOLD seconds (default 0.5). With SETTLE_DUMP=PREFIX each new picture is written as PREFIXn.ppm.
 *   cc -O2 -o settle tools/settle.c -lX11
 *   DISPLAY=:7 ./settle [-h HOLD] PROGRAM ARGS...   ->   "first 0.061 settled 0.061" (seconds) */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
static int err(Display*d,XErrorEvent*e){(void)d;(void)e;return 0;}
static Window find(Display*d, Window w){
  /* deepest viewable window with size >= 200x200 that is not root, among children */
  Window r,p,*ch;unsigned n;
  if(!XQueryTree(d,w,&r,&p,&ch,&n))return 0;
  Window best=0;
  for(int i=(int)n-1;i>=0 && !best;i--){XWindowAttributes a; if(!XGetWindowAttributes(d,ch[i],&a))continue;
    if(a.map_state==IsViewable && a.width>=200 && a.height>=200) best=ch[i];}
  if(ch)XFree(ch);
  return best;
}
int main(int argc,char**argv){
  double hold=0.5; int ai=1; if(argc>2&&!strcmp(argv[1],"-h")){hold=atof(argv[2]);ai=3;}
  Display*d=XOpenDisplay(NULL); if(!d){fprintf(stderr,"no display\n");return 2;}
  XSetErrorHandler(err);
  Window root=DefaultRootWindow(d);
  if(find(d,root)){fprintf(stderr,"a window is already up\n");return 3;}
  double t0=now(); pid_t pid=fork();
  if(!pid){execvp(argv[ai],argv+ai);_exit(127);}
  Window w=0; uint64_t last=0; double tlast=-1; double tfirst=-1;
  while(now()-t0<20){
    if(!w){w=find(d,root); if(!w){usleep(500);continue;}}
    XWindowAttributes a; if(!XGetWindowAttributes(d,w,&a)){w=0;continue;}
    XImage*im=XGetImage(d,w,0,0,a.width,a.height,AllPlanes,ZPixmap);
    if(!im){usleep(500);continue;}
    uint64_t h=1469598103934665603ULL; size_t n=(size_t)im->bytes_per_line*im->height;
    const unsigned char*p=(const unsigned char*)im->data; for(size_t i=0;i<n;i+=4){h^=*(const uint32_t*)(p+i);h*=1099511628211ULL;}
    /* all-black picture counts as "no picture yet" */
    int black=1; for(size_t i=0;i<n;i+=64){if(p[i]|p[i+1]|p[i+2]){black=0;break;}}
    double t=now()-t0;
    if(!black && h!=last && getenv("SETTLE_DUMP")){ static int k=0; char fn[256]; snprintf(fn,sizeof fn,"%s%d.ppm",getenv("SETTLE_DUMP"),k++);
      FILE*f=fopen(fn,"wb");
      if(f){
        fprintf(f,"P6 %d %d 255\n",im->width,im->height);
        for(int y=0;y<im->height;y++)
          for(int x=0;x<im->width;x++){unsigned long px=XGetPixel(im,x,y);fputc((px>>16)&255,f);fputc((px>>8)&255,f);fputc(px&255,f);}
        fclose(f);
      }
    }
    XDestroyImage(im);
    if(!black){ if(h!=last){last=h;tlast=t; if(tfirst<0)tfirst=t;} else if(t-tlast>=hold) break; }
  }
  kill(pid,SIGTERM); int st; waitpid(pid,&st,0);
  printf("first %.3f settled %.3f\n",tfirst,tlast);
  return 0;
}
