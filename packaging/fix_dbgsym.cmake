# CPack post-build script: makes the jumpstrike-dbgsym .ddeb that CPack (3.25) writes acceptable
# to lintian. CPack lists absolute build paths in its md5sums and gives it no copyright file;
# Debian's own dbgsym packages (dh_strip) instead point usr/share/doc/<pkg>-dbgsym at <pkg>'s
# folder, which a dbgsym package may do because it depends on the exact version of <pkg>.
# Runs with CPACK_PACKAGE_FILES (the packages just made) and CPACK_PACKAGE_NAME.
foreach(pkg IN LISTS CPACK_PACKAGE_FILES)
  if(NOT pkg MATCHES "\\.ddeb$")
    continue()
  endif()
  set(dir "${pkg}.d")
  file(REMOVE_RECURSE "${dir}")
  execute_process(COMMAND dpkg-deb -R "${pkg}" "${dir}" COMMAND_ERROR_IS_FATAL ANY)
  file(GLOB_RECURSE files RELATIVE "${dir}" "${dir}/usr/*")
  list(SORT files)
  execute_process(COMMAND md5sum ${files} WORKING_DIRECTORY "${dir}"
                  OUTPUT_FILE "${dir}/DEBIAN/md5sums" COMMAND_ERROR_IS_FATAL ANY)
  file(MAKE_DIRECTORY "${dir}/usr/share/doc")
  file(CREATE_LINK "${CPACK_PACKAGE_NAME}" "${dir}/usr/share/doc/${CPACK_PACKAGE_NAME}-dbgsym" SYMBOLIC)
  file(READ "${dir}/DEBIAN/control" control)
  if(NOT control MATCHES "\nSource:")
    string(REGEX REPLACE "(^|\n)Package: " "\\1Source: ${CPACK_PACKAGE_NAME}\nPackage: " control "${control}")
    file(WRITE "${dir}/DEBIAN/control" "${control}")
  endif()
  execute_process(COMMAND dpkg-deb --root-owner-group -Zxz -b "${dir}" "${pkg}"
                  OUTPUT_QUIET COMMAND_ERROR_IS_FATAL ANY)
  file(REMOVE_RECURSE "${dir}")
endforeach()
