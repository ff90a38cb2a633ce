# free_port: prints a TCP port free on 127.0.0.1 now (the kernel's pick), for a server a script starts.
# Sourced by the scripts that start servers (bench, load test, Lighthouse).
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
