# CMake generated Testfile for 
# Source directory: /work/main/functions
# Build directory: /work/main/build/functions
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
include("/work/main/build/functions/tessera_function_tests[1]_include.cmake")
