<?xml version="1.0"?>
<tileset name="c74"><tileset/><tileset firstgid="9" source="c75.tsx"/></tileset>
