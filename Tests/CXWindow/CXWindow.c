#include "CXWindow.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <vulkan/vulkan_core.h>

typedef struct _XDisplay Display;
typedef unsigned long Window;
typedef unsigned long VisualID;
#include <vulkan/vulkan_xlib.h>

struct CXWindow {
    void *library;
    Display *display;
    Window window;
    int (*destroyWindow)(Display *, Window);
    int (*closeDisplay)(Display *);
};

CXWindow *cxwindow_open(const char *display, unsigned width, unsigned height) {
    void *library = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!library) return NULL;
    Display *(*openDisplay)(const char *) = (Display *(*)(const char *))dlsym(library, "XOpenDisplay");
    Window (*rootWindow)(Display *) = (Window (*)(Display *))dlsym(library, "XDefaultRootWindow");
    Window (*createWindow)(Display *, Window, int, int, unsigned, unsigned, unsigned, unsigned long, unsigned long) =
        (Window (*)(Display *, Window, int, int, unsigned, unsigned, unsigned, unsigned long, unsigned long))
            dlsym(library, "XCreateSimpleWindow");
    int (*mapWindow)(Display *, Window) = (int (*)(Display *, Window))dlsym(library, "XMapWindow");
    int (*sync)(Display *, int) = (int (*)(Display *, int))dlsym(library, "XSync");
    CXWindow *window = calloc(1, sizeof *window);
    if (window) {
        window->library = library;
        window->destroyWindow = (int (*)(Display *, Window))dlsym(library, "XDestroyWindow");
        window->closeDisplay = (int (*)(Display *))dlsym(library, "XCloseDisplay");
    }
    if (!window || !openDisplay || !rootWindow || !createWindow || !mapWindow || !sync || !window->destroyWindow ||
        !window->closeDisplay || !(window->display = openDisplay(display))) {
        dlclose(library);
        free(window);
        return NULL;
    }
    window->window = createWindow(window->display, rootWindow(window->display), 0, 0, width, height, 0, 0, 0);
    mapWindow(window->display, window->window);
    sync(window->display, 0);
    return window;
}

void *cxwindow_make_surface(CXWindow *window, void *instance) {
    PFN_vkCreateXlibSurfaceKHR create =
        (PFN_vkCreateXlibSurfaceKHR)vkGetInstanceProcAddr((VkInstance)instance, "vkCreateXlibSurfaceKHR");
    if (!create) return NULL;
    VkXlibSurfaceCreateInfoKHR info = {VK_STRUCTURE_TYPE_XLIB_SURFACE_CREATE_INFO_KHR, NULL, 0, window->display, window->window};
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    if (create((VkInstance)instance, &info, NULL, &surface) != VK_SUCCESS) return NULL;
    return (void *)surface;
}

void cxwindow_close(CXWindow *window) {
    window->destroyWindow(window->display, window->window);
    window->closeDisplay(window->display);
    dlclose(window->library);
    free(window);
}
